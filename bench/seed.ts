// Bench seed: fills a portal database (the SQLite file under DATA_DIR, or PostgreSQL via DATABASE_URL) with N
// statements of realistic Russian data. Users go through the real services (the demo seed, then a few more companies
// and examiners); statements, rounds (stages), status history and files are bulk-inserted inside one transaction, in
// shapes the services would have written (every status path follows TRANSITIONS), so 10,000 take seconds.
//
//   node bench/seed.ts --statements 10000 [--data-dir DIR] [--no-file-bytes]      (DATABASE_URL for PostgreSQL)
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type Insertable, sql } from 'kysely';
import type { StatementStatus } from '#domain/contract.ts';
import { catalogIdsByValue } from '../server/src/catalogs/catalogs.repository.ts';
import { ensureCatalogues } from '../server/src/catalogs/catalogs.service.ts';
import { createCompanyWithOwner } from '../server/src/companies/companies.service.ts';
import { loadConfig } from '../server/src/config.ts';
import type { ServiceContext } from '../server/src/context.ts';
import { createDatabase, type Db, migrateToLatest, nowIso } from '../server/src/db/database.ts';
import { registrySearchText } from '../server/src/db/decision-snapshot.ts';
import type { StatusHistoryTable } from '../server/src/db/schema.ts';
import { seedDemo } from '../server/src/seed/demo.ts';
import { createServiceContext } from '../server/src/service-context.ts';
import { createExaminer } from '../server/src/users/users.service.ts';

export interface BenchSeedOptions {
  /** How many statements to add (spread over the demo company, which gets most, and three more). */
  statements: number;
  /** Where file bytes go (the directory file store); null writes the rows only. */
  filesDir: string | null;
  /** PRNG seed: the same seed gives the same texts and statuses. */
  seed?: number;
  now?: Date;
  /** Every statement ends in a decision (approved or rejected): the public register's figures over 10,000 of them. */
  decisionsOnly?: boolean;
  /** Each file's size in bytes: the PDF padded with random bytes (the backup's figure over 1 GB of files). */
  fileSize?: number;
}

export interface BenchSeedResult {
  statements: number;
  byCompany: Record<string, number>;
  byStatus: Record<StatementStatus, number>;
  stages: number;
  files: number;
  history: number;
  ms: number;
}

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OBJECT_KINDS = [
  'Многоквартирный жилой дом',
  'Жилой комплекс',
  'Многоквартирный жилой дом со встроенными нежилыми помещениями',
  'Общеобразовательная школа на 825 мест',
  'Детский сад на 220 мест',
  'Поликлиника на 400 посещений в смену',
  'Торгово-офисный центр',
  'Торговый центр',
  'Административное здание',
  'Физкультурно-оздоровительный комплекс',
  'Гостиница',
  'Многоуровневая парковка на 450 машино-мест',
  'Бизнес-центр',
  'Индивидуальный жилой дом',
  'Здание культурно-досугового центра',
  'Складской комплекс',
];
const OBJECT_NAMES = [
  'Северный',
  'Волжский',
  'Меридиан',
  'Солнечный',
  'Заречье',
  'Парковый',
  'Кремлёвский',
  'Новые горизонты',
  'Сосновый бор',
  'Речной',
  'Лазурный',
  'Центральный',
  'Победа',
  'Восход',
  'Радуга',
  'Берёзовая роща',
];
const RECONSTRUCTIONS = [
  'Реконструкция здания кинотеатра «Родина»',
  'Капитальный ремонт фасадов жилого дома',
  'Реконструкция объекта культурного наследия «Дом купца Самойлова»',
  'Благоустройство сквера у Дворца культуры',
  'Изменение внешнего облика здания универмага',
];
const STREETS = [
  'ул. Ленина',
  'пр. Мира',
  'ул. Садовая',
  'ул. Гагарина',
  'наб. Речная',
  'ул. Советская',
  'ул. Пушкина',
  'Октябрьский пр.',
  'ул. Кирова',
  'ул. Молодёжная',
  'ул. Чкалова',
  'пер. Кооперативный',
  'ул. Большая Покровская',
  'Московское ш.',
  'ул. Щорса',
  'б-р Строителей',
];
const APPLICANT_COMMENTS = [
  'Направляем проект на согласование.',
  'Просим рассмотреть архитектурно-градостроительное решение объекта.',
  'Проект разработан в соответствии с ГПЗУ, прилагаем альбом АГР.',
  null,
];
const VERSION_COMMENTS = [
  'Исправленная версия с учётом замечаний.',
  'Замечания устранены, цветовое решение фасадов уточнено.',
  'Приложена ведомость отделочных материалов и обновлённые развёртки.',
];
const REWORK_COMMENTS = [
  'Уточните цветовое решение фасадов и приложите ведомость отделки.',
  'Не представлена схема планировочной организации земельного участка.',
  'Высотность объекта превышает предельные параметры ГПЗУ, откорректируйте.',
  'Приложите фотомонтаж объекта в сложившейся застройке.',
];
const APPROVE_COMMENTS = ['Архитектурно-градостроительное решение согласовано.', 'Согласовано без замечаний.'];
const REJECT_COMMENTS = [
  'Решение не соответствует требованиям к застройке исторической части города.',
  'Объект не соответствует виду разрешённого использования земельного участка.',
];
const APPLICANT_FILES = [
  'Альбом АГР.pdf',
  'Пояснительная записка.pdf',
  'Схема планировочной организации участка.pdf',
  'Развёртки фасадов.pdf',
  'Ведомость отделочных материалов.docx',
  'Фотомонтаж.jpg',
];

const EXTRA_COMPANIES = [
  { legalEntity: 'ООО «АрхГрадПроект»', fio: 'Соколов Дмитрий Викторович', email: 'owner@archgrad.example' },
  { legalEntity: 'АО «Волгастрой»', fio: 'Николаева Елена Павловна', email: 'owner@volgastroy.example' },
  { legalEntity: 'ИП Фёдоров Сергей Андреевич', fio: 'Фёдоров Сергей Андреевич', email: 'fedorov@ip.example' },
];
const EXTRA_EXAMINERS = [
  { email: 'examiner3@bench.example', fio: 'Орлов Павел Николаевич', phone: '+7 (495) 765-43-23' },
  { email: 'examiner4@bench.example', fio: 'Васильева Ольга Михайловна', phone: '+7 (495) 765-43-24' },
];

/** Status paths, exactly the transitions the service allows (sent -> under_review -> ...). */
const PATHS: Array<{ weight: number; path: StatementStatus[] }> = [
  { weight: 20, path: ['sent'] },
  { weight: 20, path: ['sent', 'under_review'] },
  { weight: 15, path: ['sent', 'under_review', 'has_comments'] },
  { weight: 5, path: ['sent', 'under_review', 'has_comments', 'under_review'] },
  { weight: 15, path: ['sent', 'under_review', 'approved'] },
  { weight: 10, path: ['sent', 'under_review', 'has_comments', 'under_review', 'approved'] },
  { weight: 15, path: ['sent', 'under_review', 'rejected'] },
];

interface Person {
  id: number;
  fio: string | null;
  phone: string | null;
  position: string | null;
  email: string | null;
}

const DAY = 24 * 60 * 60 * 1000;
const CHUNK = 400;

/** A small valid PDF naming the document, so seeded files open and differ. */
function pdfBytes(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${title}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** The bytes, followed by random ones up to `size` (a different tail each time, as real documents differ). */
function padded(bytes: Buffer, size: number | undefined): Buffer {
  if (size === undefined || size <= bytes.length) return bytes;
  return Buffer.concat([bytes, randomBytes(size - bytes.length)]);
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Adds the bench data to a migrated database; users through the services, the rest in bulk. */
export async function seedBench(ctx: ServiceContext, options: BenchSeedOptions): Promise<BenchSeedResult> {
  const began = performance.now();
  const random = prng(options.seed ?? 20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const db = ctx.db;
  await ensureCatalogues(db);
  await seedDemo(ctx);

  for (const company of EXTRA_COMPANIES) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', company.email).executeTakeFirst();
    if (!exists) await createCompanyWithOwner(ctx, { ...company, phone: '+7 (831) 200-00-00' });
  }
  for (const examiner of EXTRA_EXAMINERS) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', examiner.email).executeTakeFirst();
    if (!exists) await createExaminer(ctx, examiner);
  }

  const users = await db
    .selectFrom('users')
    .select(['id', 'fio', 'phone', 'position', 'email', 'role', 'company_id'])
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  const companies = await db.selectFrom('companies').select(['id', 'legal_entity']).orderBy('id').execute();
  const examiners: Person[] = users.filter((user) => user.role === 'examiner');
  const applicantsOf = new Map<number, Person[]>();
  for (const user of users) {
    if (user.company_id === null) continue;
    applicantsOf.set(user.company_id, [...(applicantsOf.get(user.company_id) ?? []), user]);
  }
  const mainCompany = companies[0];
  if (!mainCompany || examiners.length === 0) throw new Error('the demo seed made no company or examiner');
  const categories = [...(await catalogIdsByValue(db, 'catalog_object_types')).values()];
  const workTypes = [...(await catalogIdsByValue(db, 'catalog_work_types')).values()];

  // The demo company gets most statements (its list is the one a company user sees); the others a few each.
  const others = companies.slice(1);
  const perOther = others.length === 0 ? 0 : Math.ceil(options.statements / 100);
  const mainCount = options.statements - perOther * others.length;
  const owners: number[] = [];
  for (let i = 0; i < mainCount; i++) owners.push(mainCompany.id);
  for (const company of others) for (let i = 0; i < perOther; i++) owners.push(company.id);

  const paths = options.decisionsOnly
    ? PATHS.filter((entry) => ['approved', 'rejected'].includes(entry.path.at(-1) ?? ''))
    : PATHS;
  const totalWeight = paths.reduce((sum, entry) => sum + entry.weight, 0);
  const pickPath = () => {
    let roll = random() * totalWeight;
    for (const entry of paths) {
      roll -= entry.weight;
      if (roll < 0) return entry.path;
    }
    return PATHS[0]?.path ?? ['sent'];
  };
  const now = (options.now ?? ctx.now()).getTime();
  const byStatus: Record<StatementStatus, number> = {
    sent: 0,
    under_review: 0,
    has_comments: 0,
    approved: 0,
    not_accepted: 0,
    withdrawn: 0,
    rejected: 0,
  };
  const byCompany: Record<string, number> = {};
  const fileBytes: Array<{ key: string; bytes: Buffer }> = [];
  let stageCount = 0;
  let fileCount = 0;
  let historyCount = 0;

  await db.transaction().execute(async (trx) => {
    const counter = await trx
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'statement_visible_id')
      .executeTakeFirstOrThrow();
    const firstVisibleId = Number(counter.value) + 1;

    interface Plan {
      visibleId: number;
      companyId: number;
      path: StatementStatus[];
      times: number[];
      applicant: Person;
      examiner: Person;
      title: string;
    }
    const plans: Plan[] = owners.map((companyId, index) => {
      const path = pickPath();
      // Older statements have gone further; spread over two years, newest last.
      const created = now - Math.floor((1 - index / owners.length) * 730 * DAY) - Math.floor(random() * DAY);
      const times = path.map((_, step) => created + step * (1 + Math.floor(random() * 5)) * DAY);
      const title = random() < 0.15 ? pick(RECONSTRUCTIONS) : `${pick(OBJECT_KINDS)} «${pick(OBJECT_NAMES)}»`;
      return {
        visibleId: firstVisibleId + index,
        companyId,
        path,
        times,
        applicant: pick(applicantsOf.get(companyId) ?? []),
        examiner: pick(examiners),
        title,
      };
    });

    const ids = new Map<number, number>();
    await insertChunks(plans, async (chunk) => {
      const rows = await trx
        .insertInto('statements')
        .values(
          chunk.map((plan) => {
            const status = plan.path[plan.path.length - 1] ?? 'sent';
            const year = new Date(plan.times[0] ?? now).getUTCFullYear();
            return {
              visible_id: plan.visibleId,
              company_id: plan.companyId,
              status,
              cipher: `${pick(['АР', 'АГР', 'СП', 'ГП'])}-${year}-${String(plan.visibleId % 10000).padStart(4, '0')}`,
              object_name: plan.title,
              address: `${pick(STREETS)}, д. ${1 + Math.floor(random() * 150)}${random() < 0.3 ? `, корп. ${1 + Math.floor(random() * 4)}` : ''}`,
              category_object_id: pick(categories),
              work_type_id: pick(workTypes),
              examiner_id: status === 'sent' ? null : plan.examiner.id,
              external_number: random() < 0.2 ? `ВХ-${plan.visibleId}` : null,
              date_create: nowIso(new Date(plan.times[0] ?? now)),
              last_update: nowIso(new Date(plan.times[plan.times.length - 1] ?? now)),
            };
          }),
        )
        .returning(['id', 'visible_id'])
        .execute();
      for (const row of rows) ids.set(Number(row.visible_id), Number(row.id));
    });

    interface StagePlan {
      statementId: number;
      n: number;
      author: Person;
      committee: boolean;
      status: StatementStatus;
      comment: string | null;
      at: string;
      files: string[];
    }
    const stages: StagePlan[] = [];
    const history: Insertable<StatusHistoryTable>[] = [];
    for (const plan of plans) {
      const statementId = ids.get(plan.visibleId);
      if (statementId === undefined) throw new Error(`statement ${plan.visibleId} was not inserted`);
      const status = plan.path[plan.path.length - 1] ?? 'sent';
      byStatus[status] += 1;
      const companyName = companies.find((c) => c.id === plan.companyId)?.legal_entity ?? '';
      byCompany[companyName] = (byCompany[companyName] ?? 0) + 1;
      let n = 0;
      for (const [step, to] of plan.path.entries()) {
        const at = nowIso(new Date(plan.times[step] ?? now));
        const from = step === 0 ? null : (plan.path[step - 1] ?? null);
        const byExaminer = from !== null && from !== 'has_comments';
        const actor = byExaminer ? plan.examiner : plan.applicant;
        history.push({
          statement_id: statementId,
          from_status: from,
          to_status: to,
          user_id: actor.id,
          actor_name: actor.fio,
          changed_at: at,
        });
        // Taking into work makes no round; submitting, answering and a new version do.
        if (from === 'sent') continue;
        const committee = from === 'under_review';
        const files = committee
          ? to === 'approved'
            ? [`Свидетельство_${plan.visibleId}.pdf`]
            : []
          : APPLICANT_FILES.slice(0, 1 + Math.floor(random() * 3));
        stages.push({
          statementId,
          n: ++n,
          author: actor,
          committee,
          status: to,
          comment: committee
            ? pick(to === 'approved' ? APPROVE_COMMENTS : to === 'rejected' ? REJECT_COMMENTS : REWORK_COMMENTS)
            : from === null
              ? pick(APPLICANT_COMMENTS)
              : pick(VERSION_COMMENTS),
          at,
          files,
        });
      }
    }

    await insertChunks(history, async (chunk) => {
      await trx.insertInto('status_history').values(chunk).execute();
    });
    historyCount = history.length;
    // Every decision keeps its snapshot, as the deciding transaction writes it (the public register reads these).
    await sql`
      insert into decision_snapshots (statement_id, decided_at, object_name, address, cadastral_number, company_name,
        company_inn, company_kpp, company_ogrn, examiner_fio, committee, outcome, category_object_id, category_name,
        work_type_id, work_type_name)
      select s.id,
        (select max(h.changed_at) from status_history h where h.statement_id = s.id and h.to_status = s.status),
        s.object_name, s.address, s.cadastral_number, c.legal_entity, c.inn, c.kpp, c.ogrn, u.fio, i.name, s.status,
        s.category_object_id, o.name, s.work_type_id, w.name
      from statements s
      join companies c on c.id = s.company_id
      left join users u on u.id = s.examiner_id
      left join instances i on i.id = u.instance_id
      left join catalog_object_types o on o.id = s.category_object_id
      left join catalog_work_types w on w.id = s.work_type_id
      where s.status in ('approved', 'rejected', 'not_accepted')
        and not exists (select 1 from decision_snapshots d where d.statement_id = s.id)
    `.execute(trx);
    // …with the folded text the register's search finds it by, as saveDecisionSnapshot writes it.
    const searched = await trx
      .selectFrom('decision_snapshots as d')
      .innerJoin('statements as s', 's.id', 'd.statement_id')
      .select(['d.statement_id', 's.visible_id', 'd.address', 'd.cadastral_number', 'd.company_name', 'd.company_inn'])
      .where('d.search_text', 'is', null)
      .execute();
    for (let at = 0; at < searched.length; at += 400) {
      const rows = searched.slice(at, at + 400);
      const texts = rows.map(
        (row) =>
          sql`when ${row.statement_id} then ${registrySearchText({
            visibleId: row.visible_id,
            address: row.address,
            cadastralNumber: row.cadastral_number,
            companyName: row.company_name,
            companyInn: row.company_inn,
          })}`,
      );
      const ids = rows.map((row) => sql`${row.statement_id}`);
      await sql`update decision_snapshots set search_text = case statement_id ${sql.join(texts, sql` `)} end
        where statement_id in (${sql.join(ids)})`.execute(trx);
    }

    const stageIds = new Map<string, number>();
    await insertChunks(stages, async (chunk) => {
      const rows = await trx
        .insertInto('stages')
        .values(
          chunk.map((stage) => ({
            statement_id: stage.statementId,
            n: stage.n,
            applicant_id: stage.author.id,
            applicant_name: stage.author.fio,
            applicant_phone: stage.author.phone,
            applicant_position: stage.author.position,
            applicant_mail: stage.author.email,
            is_government_agency: stage.committee,
            status: stage.status,
            comment: stage.comment,
            date_create: stage.at,
          })),
        )
        .returning(['id', 'statement_id', 'n'])
        .execute();
      for (const row of rows) stageIds.set(`${row.statement_id}:${row.n}`, Number(row.id));
    });
    stageCount = stages.length;

    const files: Array<{
      stage_id: number;
      storage_key: string;
      file_name: string;
      content_type: string;
      size: number;
      sha256: string;
      created_at: string;
    }> = [];
    for (const stage of stages) {
      const stageId = stageIds.get(`${stage.statementId}:${stage.n}`);
      if (stageId === undefined) throw new Error('stage was not inserted');
      for (const name of stage.files) {
        const bytes = padded(pdfBytes(`${name} / ${stage.statementId}:${stage.n}`), options.fileSize);
        const key = randomBytes(24).toString('base64url');
        if (options.filesDir) fileBytes.push({ key, bytes });
        files.push({
          stage_id: stageId,
          storage_key: key,
          file_name: name,
          content_type: name.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          created_at: stage.at,
        });
      }
    }
    await insertChunks(files, async (chunk) => {
      await trx.insertInto('files').values(chunk).execute();
    });
    fileCount = files.length;

    await trx
      .updateTable('counters')
      .set({ value: firstVisibleId + plans.length - 1 })
      .where('name', '=', 'statement_visible_id')
      .execute();
  });

  if (options.filesDir) {
    const dir = options.filesDir;
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < fileBytes.length; i += 256) {
      await Promise.all(
        fileBytes.slice(i, i + 256).map((file) => writeFile(path.join(dir, file.key), file.bytes, { flag: 'wx' })),
      );
    }
  }
  return {
    statements: owners.length,
    byCompany,
    byStatus,
    stages: stageCount,
    files: fileCount,
    history: historyCount,
    ms: performance.now() - began,
  };
}

/** Opens the database the portal would (DATABASE_URL or DATA_DIR), migrates it and seeds it. */
export async function seedDatabase(options: {
  dataDir: string;
  databaseUrl?: string | null;
  statements: number;
  fileBytes?: boolean;
  decisionsOnly?: boolean;
  fileSize?: number;
}): Promise<BenchSeedResult> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    NODE_ENV: 'development',
  });
  const db: Db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const ctx = createServiceContext({
      config,
      db,
      mailer: { send: async () => {}, close() {} },
      logError: (error, what) => console.error(what, error),
    });
    return await seedBench(ctx, {
      statements: options.statements,
      filesDir: options.fileBytes === false ? null : config.filesDir,
      decisionsOnly: options.decisionsOnly ?? false,
      fileSize: options.fileSize,
    });
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      statements: { type: 'string', default: '1000' },
      'data-dir': { type: 'string' },
      'no-file-bytes': { type: 'boolean', default: false },
    },
  });
  const result = await seedDatabase({
    dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? path.join(import.meta.dirname, '..', 'data'),
    databaseUrl: process.env.DATABASE_URL ?? null,
    statements: Number(values.statements),
    fileBytes: !values['no-file-bytes'],
  });
  console.log(JSON.stringify(result, null, 2));
}
