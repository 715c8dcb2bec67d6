// Admin CLI: `npm run admin -- <command> [options]`. Errors go to stderr with exit code 1. The examiners and the
// production calendar go through the administration's services, as the heads' screens do: the same rules, and every
// change in the administration log with the console as its actor (null).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
// Each command imports what it uses when it runs: the backup's commands, which must stay within a small memory,
// never load the portal's services (docs/operations.md «Резервные копии»).
import type { BackupReport } from './backup/backup.ts';
import { type Config, loadConfig } from './config.ts';
import type { ServiceContext } from './context.ts';

const USAGE = `Использование: npm run admin -- <команда> [параметры]

  create-company  --email E --legal-entity NAME [--inn INN] [--kpp KPP] [--ogrn OGRN] [--fio FIO] [--phone P]
                  создаёт компанию и её владельца; --fio и --phone — руководитель компании
                  (в заявлениях и свидетельстве), ФИО также у владельца
  create-examiner --email E --fio FIO [--phone P] [--position POS] [--head]
                  создаёт эксперта комитета; --head — руководителя отдела (первый эксперт
                  комитета становится руководителем и без --head)
  set-head        --email E --on | --off
                  делает эксперта руководителем отдела или снимает это; последнего
                  руководителя снять нельзя
  list-users      выводит всех пользователей
  create-review-body --name NAME --kind department|external --days N
                  добавляет согласующее подразделение комитета или внешний орган со сроком
                  заключения N рабочих дней
  add-review-body-member --body NAME --email E [--fio FIO] [--position POS]
                  добавляет участника: эксперта комитета (подразделение) или сотрудника внешнего
                  органа; новый адрес создаёт пользователя (тогда нужно --fio)
  backup          --to DIR | --under PARENT [--keep N]
                  резервная копия: снимок базы и все файлы, которые она называет, с манифестом
                  (можно при работающем портале); DIR — новый или пустой каталог; --under — в
                  новый каталог с датой и временем внутри PARENT, затем там остаются N последних
                  копий (--keep, иначе BACKUP_KEEP, по умолчанию 14)
  verify-backup   --from DIR  проверяет копию, не восстанавливая: манифест, размер и SHA-256 каждого
                  файла, все названные в базе файлы на месте; при ошибках код выхода 1
  restore         --from DIR  загружает копию в пустую базу (DATA_DIR или DATABASE_URL) и в хранилище
                  файлов (FILES_DIR или S3) из окружения; портал при этом остановлен
  calendar-import --year Y --file F [--confirm-unusual-year]
                  загружает производственный календарь года из файла (формат — в README);
                  год меньше чем из 200 или больше чем из 300 рабочих дней — только
                  с --confirm-unusual-year
  review-term     [--days N] [--category CODE]
                  срок рассмотрения в рабочих днях: портала или категории объекта;
                  без --days выводит настроенные сроки
  destroy-personal-data
                  уничтожает персональные данные, срок которых истёк, сейчас, не дожидаясь
                  планового запуска (раз в час), и составляет акт; выводит его номер
  copy-files      --to-s3     копирует все файлы из FILES_DIR в бакет S3 (S3_BUCKET и др.) и проверяет каждый
                  по размеру и SHA-256; уже скопированные пропускает, при ошибках код выхода 1`;

type Values = Record<string, string | boolean | undefined>;

/** A mistake in the command line: printed as it is, exit code 1. */
class UsageError extends Error {}

function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`Не указан параметр --${name}`);
  return value.trim();
}

function optional(values: Values, name: string): string | null {
  const value = values[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const commands: Record<string, (ctx: ServiceContext, values: Values) => Promise<void>> = {
  async 'create-company'(ctx, values) {
    const { createCompanyWithOwner } = await import('./companies/companies.service.ts');
    const { companyId, userId } = await createCompanyWithOwner(ctx, {
      email: required(values, 'email'),
      legalEntity: required(values, 'legal-entity'),
      inn: optional(values, 'inn'),
      kpp: optional(values, 'kpp'),
      ogrn: optional(values, 'ogrn'),
      fio: optional(values, 'fio'),
      phone: optional(values, 'phone'),
    });
    console.log(`Компания создана: id ${companyId}, владелец id ${userId}`);
  },
  async 'create-examiner'(ctx, values) {
    const { addExaminer } = await import('./administration/examiners.service.ts');
    const examiner = await addExaminer(ctx, null, {
      email: required(values, 'email'),
      fio: required(values, 'fio'),
      phone: optional(values, 'phone'),
      position: optional(values, 'position'),
      isHead: values.head === true,
    });
    console.log(`Эксперт создан: id ${examiner.id}`);
  },
  async 'set-head'(ctx, values) {
    const { setHeadByEmail } = await import('./administration/examiners.service.ts');
    if ((values.on === true) === (values.off === true)) throw new UsageError('Укажите одно из: --on или --off');
    const email = required(values, 'email');
    await setHeadByEmail(ctx, null, email, values.on === true);
    console.log(values.on === true ? `${email} — руководитель отдела` : `${email} больше не руководитель отдела`);
  },
  async 'create-review-body'(ctx, values) {
    const { createReviewBody } = await import('./conclusions/review-bodies.service.ts');
    const kind = required(values, 'kind');
    if (kind !== 'department' && kind !== 'external') throw new UsageError('--kind: department или external');
    const days = Number(required(values, 'days'));
    const body = await createReviewBody(ctx, null, { name: required(values, 'name'), kind, termDays: days });
    console.log(`Согласующий орган добавлен: id ${body.id}`);
  },
  async 'add-review-body-member'(ctx, values) {
    const { addReviewBodyMember, reviewBodies } = await import('./conclusions/review-bodies.service.ts');
    const name = required(values, 'body');
    const body = (await reviewBodies(ctx)).find((row) => row.name === name);
    if (!body) throw new UsageError(`Согласующего органа «${name}» нет`);
    await addReviewBodyMember(ctx, null, body.id, {
      email: required(values, 'email'),
      fio: optional(values, 'fio'),
      position: optional(values, 'position'),
    });
    console.log(`Участник добавлен в «${name}»`);
  },
  async 'list-users'(ctx) {
    const { listUsers } = await import('./users/users.service.ts');
    const rows = await listUsers(ctx.db);
    if (rows.length === 0) console.log('Пользователей нет');
    for (const row of rows) {
      const where = row.company_legal_entity ?? row.instance_name ?? '—';
      console.log(
        [
          row.id,
          row.email ?? '—',
          row.role === 'examiner' && row.is_head ? 'examiner (руководитель)' : row.role,
          row.fio ?? '—',
          where,
          row.is_verify ? 'вход выполнен' : 'не входил',
        ].join('\t'),
      );
    }
  },
  async 'calendar-import'(ctx, values) {
    const { importCalendarYear } = await import('./administration/calendar.service.ts');
    const { ApiError } = await import('./errors.ts');
    const year = Number(required(values, 'year'));
    if (!Number.isInteger(year)) throw new UsageError('--year: год числом, например 2027');
    const file = path.resolve(required(values, 'file'));
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new UsageError(`Не удалось прочитать файл ${file}`);
    }
    const confirmed = values['confirm-unusual-year'] === true;
    const { year: loaded } = await importCalendarYear(ctx, null, year, text, confirmed).catch((error: unknown) => {
      if (error instanceof ApiError && error.extra.field === 'confirmUnusualYear') {
        throw new UsageError(`${error.message} Чтобы загрузить его как есть, добавьте --confirm-unusual-year`);
      }
      throw error;
    });
    console.log(
      `Производственный календарь ${year} года загружен. Нерабочих будних дней: ${loaded.nonWorking.length}, ` +
        `рабочих выходных: ${loaded.working.length}, рабочих дней в году: ${loaded.workingDays}`,
    );
  },
  async 'review-term'(ctx, values) {
    const { describeReviewTerms, setReviewTerm } = await import('./deadlines/deadlines.service.ts');
    const days = optional(values, 'days');
    const category = optional(values, 'category');
    if (days === null) {
      if (category !== null) throw new UsageError('Не указан параметр --days');
      for (const line of await describeReviewTerms(ctx)) console.log(line);
      return;
    }
    if (!/^\d+$/.test(days)) throw new UsageError('--days: целое число рабочих дней');
    console.log(await setReviewTerm(ctx, Number(days), category));
  },
  async 'destroy-personal-data'(ctx) {
    const { destroyExpiredPersonalData } = await import('./personal-data/destruction.ts');
    const act = await destroyExpiredPersonalData(ctx);
    console.log(act === null ? 'Уничтожать нечего: сроки не истекли' : `Персональные данные уничтожены, акт № ${act}`);
  },
  async 'copy-files'(ctx, values) {
    const { copyFiles, copySummary } = await import('./files/copy-files.ts');
    const { directoryFileStore } = await import('./storage/file-store.ts');
    const { s3FileStore } = await import('./storage/s3-file-store.ts');
    if (values['to-s3'] !== true) throw new UsageError('Укажите, куда копировать: copy-files --to-s3');
    const config = loadConfig();
    if (!config.s3) throw new UsageError('S3 не настроен: задайте S3_BUCKET (и S3_ENDPOINT, S3_REGION, ключи)');
    const source = directoryFileStore(config.filesDir);
    const target = s3FileStore(config.s3);
    const report = await copyFiles(ctx.db, source, target, (line) => console.error(line));
    console.log(copySummary(report, source, target));
    if (report.failed > 0) throw new Error(`не скопировано файлов: ${report.failed} (см. выше)`);
  },
};

/** Commands that take the database as they find it (restore: empty, never migrated or filled first) or use none. */
const rawCommands: Record<string, (config: Config, values: Values) => Promise<void>> = {
  async backup(config, values) {
    const { createDatabase, migrateToLatest } = await import('./db/database.ts');
    const { openFileStore } = await import('./storage/open-file-store.ts');
    const { createBackup } = await import('./backup/backup.ts');
    const { backupKeep, newDatedFolder, pruneBackups } = await import('./backup/rotation.ts');
    const to = optional(values, 'to');
    const under = optional(values, 'under');
    if ((to === null) === (under === null)) throw new UsageError('Укажите одно из: --to DIR или --under PARENT');
    const keep = optional(values, 'keep') ?? undefined;
    const kept = backupKeep({ BACKUP_KEEP: keep ?? process.env.BACKUP_KEEP });
    const dir = to !== null ? path.resolve(to) : await newDatedFolder(path.resolve(under as string), new Date());
    const db = createDatabase(config);
    // The run's own row is written beside the snapshot's open transaction, through a handle of its own.
    const control = createDatabase(config);
    try {
      await migrateToLatest(db);
      const report = await createBackup({
        db,
        control,
        files: await openFileStore(config),
        dir,
        portalVersion: config.appVersion,
        log: (line) => console.error(line),
      });
      console.log(describeBackup(report));
    } finally {
      await control.destroy();
      await db.destroy();
    }
    if (under !== null) {
      for (const removed of await pruneBackups(path.resolve(under), kept)) {
        console.log(`Старая копия удалена: ${removed}`);
      }
    }
  },
  async 'verify-backup'(_config, values) {
    const { verifyBackup } = await import('./backup/verify.ts');
    const dir = path.resolve(required(values, 'from'));
    const { manifest, problems } = await verifyBackup(dir, (line) => console.error(line));
    if (problems.length > 0) {
      throw new UsageError(`Копия ${dir} повреждена (${problems.length}):\n${problems.join('\n')}`);
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
    console.log(
      `Копия ${dir} цела: снимок ${manifest.takenAt}, версия ${manifest.portalVersion}, таблиц ${manifest.tables.length}, строк ${rows}, файлов ${manifest.files.length} (${megabytes(bytes)})`,
    );
  },
  async restore(config, values) {
    const { createDatabase } = await import('./db/database.ts');
    const { openFileStore } = await import('./storage/open-file-store.ts');
    const { restoreBackup } = await import('./backup/restore.ts');
    const { migrations } = await import('../migrations/index.ts');
    const dir = path.resolve(required(values, 'from'));
    const db = createDatabase(config);
    const files = await openFileStore(config);
    try {
      const report = await restoreBackup({ dir, db, files, migrations, log: (line) => console.error(line) });
      const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'portal.sqlite');
      console.log(
        `Копия ${dir} восстановлена в ${where} и ${files.description}: таблиц ${report.tables}, строк ${report.rows}, ` +
          `файлов ${report.files} (из них уже были ${report.present}); схема ${report.migratedFrom}` +
          (report.migratedTo === report.migratedFrom ? '' : ` → ${report.migratedTo}`) +
          `; заняло ${report.seconds.toFixed(1)} с`,
      );
    } finally {
      await db.destroy();
    }
  },
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} МБ`;

function describeBackup(report: BackupReport): string {
  return (
    `Резервная копия записана: ${report.dir}\n` +
    `  снимок базы на ${report.takenAt}: таблиц ${report.tables}, строк ${report.rows}\n` +
    `  файлов ${report.files} (${megabytes(report.bytes)})\n` +
    `  заняло ${report.seconds.toFixed(1)} с`
  );
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const run = command ? commands[command] : undefined;
  const raw = command ? rawCommands[command] : undefined;
  if (!run && !raw) {
    console.error(command ? `Неизвестная команда: ${command}\n\n${USAGE}` : USAGE);
    return 1;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      kind: { type: 'string' },
      body: { type: 'string' },
      'legal-entity': { type: 'string' },
      inn: { type: 'string' },
      kpp: { type: 'string' },
      ogrn: { type: 'string' },
      fio: { type: 'string' },
      phone: { type: 'string' },
      position: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      under: { type: 'string' },
      keep: { type: 'string' },
      year: { type: 'string' },
      file: { type: 'string' },
      days: { type: 'string' },
      category: { type: 'string' },
      'to-s3': { type: 'boolean' },
      'confirm-unusual-year': { type: 'boolean' },
      head: { type: 'boolean' },
      on: { type: 'boolean' },
      off: { type: 'boolean' },
    },
    strict: true,
  });
  const config = loadConfig();
  if (raw) {
    await raw(config, values);
    return 0;
  }
  if (!run) return 1;
  const { createDatabase, migrateToLatest } = await import('./db/database.ts');
  const { ensureCatalogues } = await import('./catalogs/catalogs.service.ts');
  const { createMailer } = await import('./mail/mailer.ts');
  const { createServiceContext } = await import('./service-context.ts');
  const db = createDatabase(config);
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  try {
    await migrateToLatest(db);
    await ensureCatalogues(db);
    await run(createServiceContext({ config, db, mailer, logError: (error) => console.error(error) }), values);
    return 0;
  } finally {
    mailer.close();
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Ошибка: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
