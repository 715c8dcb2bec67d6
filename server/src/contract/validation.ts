import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import { ApiError } from '../errors.ts';

const AJV_OPTIONS = { removeAdditional: false, useDefaults: false, allErrors: false, strict: false } as const;

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

type Compile = (schema: object, meta?: boolean) => Validator;

/** What one Ajv instance has compiled and what waits (`lazily`). */
interface Compiler {
  /** The instance's own `compile` (the reply validator's is replaced: `@fastify/response-validation` calls it). */
  compile: Compile;
  /** Schemas whose validators were made but not compiled yet. */
  waiting: Set<object>;
  /** Schemas compiled once: a later app's validator of one waits for nothing. */
  compiled: WeakSet<object>;
}

const compilers = new Set<Compiler>();

function compileNow(compiler: Compiler, schema: object): Validator {
  compiler.waiting.delete(schema);
  const validate = compiler.compile(schema);
  compiler.compiled.add(schema);
  return validate;
}

/**
 * A validator of `schema` compiled at its first call, not when its route is made: compiling the contract's ~300
 * request and reply schemas took ~2 s of CPU at every start (a first `npm start`, each server test's app, each API
 * process), and most routes are not called soon after. `compileValidatorsAhead` compiles the rest once a server
 * listens.
 */
function lazily(compiler: Compiler, schema: object): Validator {
  let compiled: Validator | undefined;
  if (!compiler.compiled.has(schema)) compiler.waiting.add(schema);
  const validate: Validator = (data) => {
    compiled ??= compileNow(compiler, schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

/** How many schemas wait for their validator's first call or `compileValidatorsAhead`. */
export function validatorsNotCompiled(): number {
  let count = 0;
  for (const compiler of compilers) count += compiler.waiting.size;
  return count;
}

/**
 * Compiles every validator not yet called, one per turn of the event loop (requests are answered between them), so
 * that no request of a started server waits for its route's compiling. Ajv caches what it compiled by schema, and the
 * contract's schemas are loaded once per process: a schema is compiled once whichever app made it.
 */
export async function compileValidatorsAhead(): Promise<void> {
  const failures: unknown[] = [];
  for (const compiler of compilers) {
    for (const schema of compiler.waiting) {
      try {
        compileNow(compiler, schema);
      } catch (error) {
        // One schema that does not compile leaves its route answering 500 (logged); the rest are compiled still.
        failures.push(error);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} contract schemas do not compile`);
}

/**
 * Requests are validated as the contract says: bodies without type coercion (`{"code": 123456}` is not a string);
 * path and query parameters, which are text in a URL, are read as the declared type. One set of Ajv instances per
 * process: Ajv caches what it compiled by schema, and the contract's schemas are loaded once, so a second app (tests,
 * a restart in-process) compiles nothing again.
 */
const validators = (() => {
  const make = (coerceTypes: boolean, allErrors: boolean, formats: 'full' | 'fast') => {
    const ajv = new Ajv({ ...AJV_OPTIONS, coerceTypes, allErrors });
    addFormats.default(ajv, { mode: formats });
    const compiler: Compiler = {
      compile: ajv.compile.bind(ajv) as Compile,
      waiting: new Set(),
      compiled: new WeakSet(),
    };
    compilers.add(compiler);
    return { ajv, compiler };
  };
  // Replies are our own output: their formats are checked by pattern only ('fast'), which halves validating the
  // 10,000-statement list; types, required and additional properties are checked as strictly as ever.
  const reply = make(false, true, 'fast');
  // Ajv itself compiles a keyword's metaschema through `compile(schema, true)`: that one at once, as Ajv asks.
  reply.ajv.compile = ((schema: object, meta?: boolean) =>
    meta ? reply.compiler.compile(schema, meta) : lazily(reply.compiler, schema)) as typeof reply.ajv.compile;
  return { body: make(false, false, 'full').compiler, url: make(true, false, 'full').compiler, reply: reply.ajv };
})();

/** The range of the databases' integer columns (PostgreSQL `integer`): an id beyond it is no id of ours. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const boundedSchemas = new WeakMap<object, object>();

/**
 * The schema with every `integer` held to the database's range unless the contract says otherwise, so that
 * `/api/statements/99999999999` is a 400 like any other wrong id instead of a PostgreSQL out-of-range error (a 500)
 * found by tests/server/bad-input.test.ts. Memoised per schema object, so Ajv's cache still sees one schema.
 */
function bounded(schema: unknown): object {
  if (schema === null || typeof schema !== 'object') return schema as object;
  const known = boundedSchemas.get(schema);
  if (known) return known;
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (node === null || typeof node !== 'object') return node;
    const result: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) result[key] = copy(value);
    // `[integer, 'null']` too: a nullable id beyond the range is no id of ours either.
    if (result.type === 'integer' || (Array.isArray(result.type) && result.type.includes('integer'))) {
      result.minimum ??= INT_MIN;
      result.maximum ??= INT_MAX;
    }
    return result;
  };
  const result = copy(schema) as object;
  boundedSchemas.set(schema, result);
  return result;
}

/** An integer as a URL writes it: digits, an optional minus, no leading zeros, spaces, `+`, `0x` or exponent. */
const CANONICAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * Path and query parameters are read as the declared type (Ajv's coercion), but an integer must be written as one:
 * ` 1`, `1 `, `+1`, `01`, `1e0`, `0x1` and `1.0` are not the id 1 (coercion alone would take each for it).
 */
function strictUrlIntegers(validate: Validator, schema: unknown): Validator {
  const properties = ((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}) as Record<
    string,
    { type?: unknown }
  >;
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
  if (integers.length === 0) return validate;
  const strict: Validator = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    const wrong = integers.find((name) => typeof values[name] === 'string' && !CANONICAL_INTEGER.test(values[name]));
    if (wrong !== undefined) {
      strict.errors = [
        {
          keyword: 'type',
          instancePath: `/${wrong}`,
          schemaPath: `#/properties/${wrong}/type`,
          params: { type: 'integer' },
          message: 'must be integer',
        },
      ];
      return false;
    }
    const valid = validate(data);
    strict.errors = validate.errors;
    return valid;
  };
  return strict;
}

/** The request validator of a route: bodies as they are, path and query parameters read as the declared type. */
export const compileRequestValidator: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  httpPart === 'body'
    ? lazily(validators.body, bounded(schema))
    : strictUrlIntegers(lazily(validators.url, bounded(schema)), schema);

/** The Ajv instance replies are checked with (by @fastify/response-validation). */
export const replyValidator = validators.reply;

export type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** The names people know the contract's fields by. */
const FIELD_LABELS: Record<string, string> = {
  email: 'Электронная почта',
  code: 'Код',
  fio: 'ФИО',
  phone: 'Телефон',
  position: 'Должность',
  legalEntity: 'Юридическое лицо',
  legalAddress: 'Юридический адрес',
  inn: 'ИНН',
  kpp: 'КПП',
  ogrn: 'ОГРН',
  contactFio: 'ФИО',
  contactPhone: 'Телефон',
  objectName: 'Наименование объекта',
  cipher: 'Шифр проекта',
  address: 'Адрес объекта',
  comment: 'Комментарий',
  prefileIds: 'Документы',
  status: 'Статус',
  id: 'Номер',
  text: 'Текст',
  accept: 'Решение',
  note: 'Примечание',
  consentVersion: 'Согласие на обработку персональных данных',
  requisites: 'Сведения свидетельства',
};

/** The top-level request field an Ajv finding is about ('' for the body as a whole). */
function fieldOf(issue: ValidationIssue | undefined): string {
  if (!issue) return '';
  const params = issue.params as Record<string, unknown>;
  const path = String(params.missingProperty ?? params.additionalProperty ?? issue.instancePath.replace(/^\//, ''));
  return path.split('/')[0] ?? '';
}

/** Ajv's findings in Russian: the field and what is wrong with it. */
function describeValidation(issues: ValidationIssue[]): string {
  const texts = issues.map((issue) => {
    const params = issue.params as Record<string, unknown>;
    const path = fieldOf(issue);
    const field = FIELD_LABELS[path] ?? path;
    switch (issue.keyword) {
      case 'required':
        return `не заполнено поле «${field}»`;
      case 'additionalProperties':
        return `лишнее поле «${field}»`;
      case 'format':
        return params.format === 'email' ? 'некорректный адрес электронной почты' : `неверный формат поля «${field}»`;
      case 'type':
        return field ? `неверный тип поля «${field}»` : 'неверный тип данных';
      case 'enum':
        return `недопустимое значение поля «${field}»`;
      case 'minItems':
        return `в поле «${field}» не хватает элементов`;
      case 'maxLength':
        return `в поле «${field}» не больше ${String(params.limit)} символов`;
      default:
        return `некорректное значение поля «${field}»`;
    }
  });
  return `Некорректные данные запроса: ${texts.join('; ')}`;
}

/** A request that does not match the contract: a 400 naming the first field at fault and what is wrong, in Russian. */
export function validationError(issues: ValidationIssue[]): ApiError {
  const field = fieldOf(issues[0]);
  return new ApiError('validation_error', { message: describeValidation(issues), extra: field ? { field } : {} });
}
