import type { AdminLogAction, AdminLogEntry, AdminLogPage, ConsentWithdrawal } from '#domain/contract.ts';
import { WITHDRAWAL_VIA_LABELS } from '#domain/personal-data.ts';
import { formatDay } from '#domain/russian.ts';
import { type ServiceContext, withDb } from '../context.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../users/user.ts';
import { countLog, insertLogEntry, listLogPage } from './admin-log.repository.ts';

// The administration log (docs/product.md «Administration»): every change the administration makes, by the screens
// or by the admin CLI, is recorded in the change's own transaction with who made it and when.

/** Who makes a change: a head (or, saving a template, any examiner), or null for the admin CLI. */
export type Actor = UserRow | null;

/** What the log names the admin CLI as. */
export const CONSOLE_ACTOR = 'консоль';
/** What the log names the portal's scheduled work as. */
export const SYSTEM_ACTOR = 'портал (автоматически)';

/** The log's page size. */
export const LOG_PAGE_SIZE = 50;

/** In one transaction of `ctx.db`: `work` with the transaction's context and the change's moment. */
export function inAdminTransaction<T>(
  ctx: ServiceContext,
  work: (trx: ServiceContext, at: string) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute((trx) => work(withDb(ctx, trx), nowIso(ctx.now())));
}

/** Records a change in the caller's transaction. */
export function recordChange(
  db: Db,
  /** `system`: the portal's own scheduled work (the removal of registrations past their keeping). */
  actor: Actor | 'system',
  at: string,
  action: AdminLogAction,
  subject: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  return insertLogEntry(db, {
    at,
    actorId: actor === 'system' ? null : (actor?.id ?? null),
    actorName: actor === 'system' ? SYSTEM_ACTOR : actor ? (actor.fio ?? actor.email) : null,
    action,
    subject,
    details,
  });
}

/** The names the log gives the fields a change touched. */
const FIELD_NAMES: Record<string, string> = {
  fio: 'ФИО',
  phone: 'телефон',
  position: 'должность',
  name: 'наименование',
  legalBasis: 'правовое основание',
  text: 'текст',
  severity: 'вид замечания',
  workType: 'вид работ',
  termDays: 'срок заключения',
};

type Changes = Record<string, { before: unknown; after: unknown }>;

function changedFields(details: Record<string, unknown>): string[] {
  const changes = (details.changes ?? {}) as Changes;
  return Object.keys(changes).flatMap((field) => (FIELD_NAMES[field] ? [FIELD_NAMES[field]] : []));
}

/** The change in Russian, from its action and details. */
export function describeChange(action: AdminLogAction, details: Record<string, unknown>): string {
  const fields = changedFields(details);
  const changed = fields.length > 0 ? `Изменено: ${fields.join(', ')}` : '';
  switch (action) {
    case 'examiner_created':
      return details.isHead === true ? 'Добавлен эксперт — руководитель отдела' : 'Добавлен эксперт';
    case 'examiner_updated': {
      const head = ((details.changes ?? {}) as Changes).isHead;
      const parts = [
        ...(changed ? [changed] : []),
        ...(head ? [head.after === true ? 'назначен руководителем отдела' : 'больше не руководитель отдела'] : []),
      ];
      const text = parts.join('; ');
      return text.charAt(0).toUpperCase() + text.slice(1) || 'Без изменений';
    }
    case 'examiner_deactivated': {
      const handed = Array.isArray(details.handedOver) ? details.handedOver.length : 0;
      return handed > 0
        ? `Эксперт деактивирован, заявлений передано в очередь руководителя — ${handed}`
        : 'Эксперт деактивирован';
    }
    case 'examiner_reactivated':
      return 'Эксперт снова может входить в портал';
    case 'catalog_item_created':
      return 'Добавлен элемент справочника';
    case 'catalog_item_updated':
    case 'remark_template_updated':
      return changed || 'Без изменений';
    case 'catalog_item_retired':
    case 'remark_template_retired':
      return 'Выведен из употребления';
    case 'catalog_item_restored':
    case 'remark_template_restored':
      return 'Возвращён в употребление';
    case 'remark_template_created':
      return details.byExaminer === true ? 'Эксперт сохранил своё замечание как шаблон' : 'Добавлен шаблон замечания';
    case 'calendar_imported': {
      const moved = typeof details.termsMoved === 'number' ? details.termsMoved : 0;
      return (
        `Загружен официальный календарь: нерабочих будних дней — ${String(details.nonWorking ?? 0)}, ` +
        `рабочих выходных — ${String(details.working ?? 0)}, изменилось дней — ${String(details.daysChanged ?? 0)}, ` +
        `сдвинулось сроков — ${moved}` +
        (details.confirmedUnusual === true
          ? `; подтверждено необычное число рабочих дней в году — ${String(details.workingDays ?? 0)}`
          : '')
      );
    }
    case 'power_of_attorney_added':
      return `Доверенность № ${String(details.number ?? '')} добавлена компанией ${String(details.company ?? '')}`;
    case 'power_of_attorney_revoked':
      return `Доверенность № ${String(details.number ?? '')} отозвана: ${String(details.reason ?? '')}`;
    case 'power_of_attorney_registry_checked':
      return details.revoked === true
        ? `По реестру ФНС доверенность № ${String(details.number ?? '')} отозвана; отозвана и в портале`
        : `По реестру ФНС доверенность № ${String(details.number ?? '')} не отозвана`;
    case 'registration_confirmed':
      return details.by === 'signature'
        ? `Регистрация организации подтверждена подписью: ${String(details.signer ?? '')} (ИНН ${String(details.inn ?? '')})`
        : `Регистрация организации подтверждена (ИНН ${String(details.inn ?? '')})`;
    case 'registration_declined':
      return `В регистрации организации отказано (ИНН ${String(details.inn ?? '')}): ${String(details.reason ?? '')}`;
    case 'registration_removed':
      return details.declined
        ? 'Заявка на регистрацию удалена с персональными данными: 30 дней после отказа'
        : 'Заявка на регистрацию удалена с персональными данными: не подтверждена за 30 дней';
    case 'review_body_created':
      return `Добавлен${details.kind === 'external' ? ' внешний орган' : 'о подразделение комитета'}, срок заключения — ${String(details.termDays ?? '')} раб. дн.`;
    case 'review_body_updated':
      return (
        [
          changed,
          details.active === false
            ? 'выведено из употребления'
            : details.active === true
              ? 'возвращено в употребление'
              : '',
        ]
          .filter(Boolean)
          .join('; ') || 'Без изменений'
      );
    case 'review_body_member_added':
      return `Добавлен участник: ${String(details.member ?? '')}${details.created === true ? ' (новый пользователь)' : ''}`;
    case 'review_body_member_removed':
      return `Исключён участник: ${String(details.member ?? '')}`;
    case 'consent_withdrawn':
      return `Записан отзыв согласия на обработку персональных данных (${WITHDRAWAL_VIA_LABELS[details.via as ConsentWithdrawal['via']] ?? String(details.via ?? '')}, получен ${formatDay(String(details.receivedOn ?? ''))}): учётная запись закрыта`;
    case 'personal_data_published':
      return `Опубликована редакция ${String(details.version ?? '')}: ${details.kind === 'privacy' ? 'политика обработки персональных данных' : 'согласие на обработку персональных данных'}`;
  }
}

function parsedDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** One page of the log, newest first (pages from 1). */
export async function adminLogPage(ctx: ServiceContext, page: number): Promise<AdminLogPage> {
  const [rows, total] = await Promise.all([
    listLogPage(ctx.db, (page - 1) * LOG_PAGE_SIZE, LOG_PAGE_SIZE),
    countLog(ctx.db),
  ]);
  const entries: AdminLogEntry[] = rows.map((row) => {
    const details = parsedDetails(row.details);
    const action = row.action as AdminLogAction;
    return {
      id: row.id,
      at: row.at,
      actorId: row.actor_id,
      actorName: row.actor_id === null && row.actor_name === null ? CONSOLE_ACTOR : (row.actor_name ?? ''),
      action,
      subject: row.subject,
      description: describeChange(action, details),
      details,
    };
  });
  return { entries, page, pageSize: LOG_PAGE_SIZE, total };
}
