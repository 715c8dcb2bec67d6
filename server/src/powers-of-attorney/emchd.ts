// Reading a machine-readable power of attorney (МЧД) in the ФНС's single format EMCHD_1 (docs/product.md «Powers of
// attorney»): the XML's bytes are checked for what no honest file has (its size, a DTD or entities), validated
// against the ФНС's schema (this folder's ON_EMCHD_1_928_00_01_01_01.xsd) by libxml2 compiled to WebAssembly, and read
// into what the portal keeps. Why libxml2: docs/decisions.md.
import { readFileSync } from 'node:fs';
import { XmlDocument, type XmlElement, XmlError, XsdValidator } from 'libxml2-wasm';

/** The largest МЧД the portal reads: a real one is a few kilobytes, one with thousands of coded powers under 1 MB. */
export const MAX_POWER_OF_ATTORNEY_BYTES = 1_048_576;

const NAMESPACE = 'urn://x-artefacts/EMCHD_1';
const NS = { d: NAMESPACE };

/** What the portal reads from an МЧД. Dates are calendar days (`YYYY-MM-DD`); СНИЛС is 11 digits. */
export interface PowerOfAttorneyFile {
  fileId: string;
  number: string;
  internalNumber: string;
  issuedOn: string;
  validTo: string;
  principal: { organization: string; innLe: string; kpp: string; ogrn: string };
  /** The persons who act for the principal without a power of attorney (`ЛицоБезДов`): one of them must sign. */
  heads: readonly Person[];
  /** The representative, when a natural person (`СведФизЛ`); null for any other kind. */
  representative: Person | null;
  powers: { text: string | null; codes: { code: string; name: string }[] };
}

export interface Person {
  fio: string;
  title: string | null;
  inn: string | null;
  snils: string | null;
}

/** Why an МЧД cannot be read; `message` is the Russian answer (400). */
export class PowerOfAttorneyFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PowerOfAttorneyFormatError';
  }
}

export const POWER_OF_ATTORNEY_FORMAT_TEXTS = {
  tooLarge: 'Файл доверенности больше 1 МБ',
  unsafe: 'Файл доверенности содержит недопустимые конструкции XML',
  schema: (first: string) => `Файл не соответствует формату машиночитаемой доверенности ФНС (EMCHD_1): ${first}`,
  fileId: 'идентификатор файла (ИдФайл) не совпадает с номером доверенности (НомДовер)',
  redelegation: 'Передоверие пока не поддерживается',
  notLegalEntity: 'доверитель не является российским юридическим лицом',
} as const;

let validator: XsdValidator | null = null;

/** The schema's validator, compiled once per process on first use (about 30 ms). */
function schemaValidator(): XsdValidator {
  if (!validator) {
    const schema = XmlDocument.fromBuffer(readFileSync(new URL('./ON_EMCHD_1_928_00_01_01_01.xsd', import.meta.url)));
    validator = XsdValidator.fromDoc(schema);
  }
  return validator;
}

/**
 * A DTD or an entity declaration: an honest МЧД has neither, and a file with them is refused before it is parsed (an
 * "XML bomb" answers at once). The markers are ASCII in UTF-8 and windows-1251 alike; a UTF-16 file is refused too.
 */
function hasUnsafeConstructs(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('latin1');
  if (/\0/.test(text.slice(0, 4))) return true;
  return /<!DOCTYPE|<!ENTITY|<!\[CDATA\[.*<!ENTITY/i.test(text);
}

/** libxml2's first complaint, as a person can find it: its line and what it says, the namespace left out. */
function firstProblem(error: unknown): string {
  const detail =
    error instanceof XmlError && 'details' in error ? (error.details as { message: string; line: number }[])[0] : null;
  const message = (detail?.message ?? (error instanceof Error ? error.message : String(error)))
    .replaceAll(`{${NAMESPACE}}`, '')
    .replace(/\s+/g, ' ')
    .trim();
  return detail?.line ? `строка ${detail.line}: ${message}` : message;
}

const text = (node: XmlElement, name: string): string | null => {
  const value = node.attr(name)?.value?.trim();
  return value ? value : null;
};

const digits = (value: string | null) => (value ? value.replace(/\D/g, '') : null);

function element(node: XmlElement, xpath: string): XmlElement | null {
  return node.get(xpath, NS) as XmlElement | null;
}

function personOf(node: XmlElement): Person {
  const fio = element(node, 'd:СведФЛ/d:ФИО');
  return {
    fio: fio ? [text(fio, 'Фамилия'), text(fio, 'Имя'), text(fio, 'Отчество')].filter(Boolean).join(' ') : '',
    title: text(node, 'Должность'),
    inn: text(node, 'ИННФЛ'),
    snils: digits(text(node, 'СНИЛС')),
  };
}

/**
 * The МЧД of these bytes, or PowerOfAttorneyFormatError with the Russian reason: too large, unsafe XML, not EMCHD_1
 * (naming the first schema error), `ИдФайл` that does not name `НомДовер`, re-delegation, a principal that is not a
 * Russian legal entity. Whose it is and whether it is in force are the caller's checks.
 */
export function readPowerOfAttorney(bytes: Uint8Array): PowerOfAttorneyFile {
  if (bytes.byteLength > MAX_POWER_OF_ATTORNEY_BYTES)
    throw new PowerOfAttorneyFormatError(POWER_OF_ATTORNEY_FORMAT_TEXTS.tooLarge);
  if (hasUnsafeConstructs(bytes)) throw new PowerOfAttorneyFormatError(POWER_OF_ATTORNEY_FORMAT_TEXTS.unsafe);
  let document: XmlDocument;
  try {
    document = XmlDocument.fromBuffer(bytes);
  } catch (error) {
    throw new PowerOfAttorneyFormatError(POWER_OF_ATTORNEY_FORMAT_TEXTS.schema(firstProblem(error)));
  }
  try {
    if (document.dtd) throw new PowerOfAttorneyFormatError(POWER_OF_ATTORNEY_FORMAT_TEXTS.unsafe);
    try {
      schemaValidator().validate(document);
    } catch (error) {
      throw new PowerOfAttorneyFormatError(POWER_OF_ATTORNEY_FORMAT_TEXTS.schema(firstProblem(error)));
    }
    const root = document.root;
    if (element(root, 'd:Документ/d:Передов')) {
      throw new PowerOfAttorneyFormatError(POWER_OF_ATTORNEY_FORMAT_TEXTS.redelegation);
    }
    const about = element(root, 'd:Документ/d:Довер/d:СвДов') as XmlElement;
    const grantor = element(root, 'd:Документ/d:Довер/d:СвДоверит/d:Доверит/d:РосОргДовер');
    const organization = grantor && element(grantor, 'd:СвРосОрг');
    if (!grantor || !organization) {
      throw new PowerOfAttorneyFormatError(
        POWER_OF_ATTORNEY_FORMAT_TEXTS.schema(POWER_OF_ATTORNEY_FORMAT_TEXTS.notLegalEntity),
      );
    }
    const number = text(about, 'НомДовер') ?? '';
    const fileId = text(root, 'ИдФайл') ?? '';
    if (!fileId.toLowerCase().includes(number.toLowerCase())) {
      throw new PowerOfAttorneyFormatError(
        POWER_OF_ATTORNEY_FORMAT_TEXTS.schema(POWER_OF_ATTORNEY_FORMAT_TEXTS.fileId),
      );
    }
    const heads = grantor
      .find('d:ЛицоБезДов/d:СвФЛ | d:ЛицоБезДов/d:СВЮЛ/d:СвФЛ', NS)
      .map((node) => personOf(node as XmlElement));
    const representatives = root.find('d:Документ/d:Довер/d:СвУпПред/d:Пред', NS) as XmlElement[];
    const natural = representatives.length === 1 ? element(representatives[0] as XmlElement, 'd:СведФизЛ') : null;
    const powers = element(root, 'd:Документ/d:Довер/d:СвПолн') as XmlElement;
    return {
      fileId,
      number,
      internalNumber: text(about, 'ВнНомДовер') ?? '',
      issuedOn: text(about, 'ДатаВыдДовер') ?? '',
      validTo: text(about, 'СрокДейст') ?? '',
      principal: {
        organization: text(organization, 'НаимОрг') ?? '',
        innLe: text(organization, 'ИННЮЛ') ?? '',
        kpp: text(organization, 'КПП') ?? '',
        ogrn: text(organization, 'ОГРН') ?? '',
      },
      heads,
      representative: natural ? personOf(natural) : null,
      powers: {
        text: element(powers, 'd:ТекстПолн')?.content.trim() || null,
        codes: powers.find('d:МашПолн', NS).map((node) => ({
          code: text(node as XmlElement, 'КодПолн') ?? '',
          name: text(node as XmlElement, 'НаимПолн') ?? '',
        })),
      },
    };
  } finally {
    document.dispose();
  }
}
