// The destruction of personal data whose purpose is over (docs/product.md «Personal data»): run by the scheduled
// work. A deactivated or removed account's contact data and login history go after `PERSONAL_DATA_RETENTION_DAYS`,
// a person's who withdrew their consent after `CONSENT_WITHDRAWAL_RETENTION_DAYS` from the withdrawal (whichever is first);
// its name stays only where a decision or a letter was issued (the records law requires keep their own copies:
// stages, decision snapshots, letters); the access log keeps only its id. The access log itself goes after
// `ACCESS_LOG_RETENTION_DAYS`. Unconfirmed registrations and the per-address login limits have their own terms
// (registration/expiry.ts, limits). Each run that destroyed something writes 'Акт об уничтожении персональных
// данных' with the extract of the event log, kept three years.

import { COMMITTEE_NAME } from '#domain/committee.ts';
import { committeeTime } from '#domain/committee-time.ts';
import type { DestructionAct } from '#domain/contract.ts';
import { renderLetter } from '#domain/pdf/committee-document.ts';
import { LETTER_INDENT, type LetterBlock } from '#domain/pdf/letter.ts';
import { formatDay } from '#domain/russian.ts';
import type { ServiceContext } from '../context.ts';
import { nowIso } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { committeeFonts } from '../letters/letters.ts';
import { requireHead } from '../users/guards.ts';
import type { UserRow } from '../users/user.ts';
import {
  anonymizeAccess,
  clearAccount,
  clearLoginHistory,
  deleteAccessBefore,
  deleteActsBefore,
  findAct,
  insertAct,
  listActs,
  listExpiredAccounts,
  namedInDecision,
  withAccessLogUnlocked,
} from './destruction.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an act is kept. */
const ACT_KEPT_YEARS = 3;

/** What an act says, in Russian. */
export const DESTRUCTION_TEXTS = {
  title: 'Акт об уничтожении персональных данных',
  number: (id: number) => `№ ${id}`,
  basis: (causes: readonly string[]) =>
    `Основание: ${causes.join('; ')}; Федеральный закон № 152-ФЗ, требования приказа Роскомнадзора № 179.`,
  /** The causes the basis names, for the acts made before a cause was kept. */
  expired: 'истечение срока обработки персональных данных (деактивация или удаление учётной записи)',
  withdrawn: 'отзыв согласия на обработку персональных данных',
  accessExpired: 'истечение срока хранения журнала доступа',
  withdrawnCause: 'отзыв согласия',
  expiredCause: 'деактивация или удаление',
  method: 'Способ уничтожения: удаление и обезличивание записей в базе данных портала программными средствами.',
  summary: 'Уничтожено',
  accounts: 'Контактные данные учётных записей (электронная почта, телефон, должность, адрес согласия)',
  withdrawals: 'в том числе по отзыву согласия',
  names: 'ФИО в учётных записях, не названных в решениях и письмах',
  logins: 'Записи истории входа (сессии, коды, неудачные попытки)',
  accessAnonymized: 'Записи журнала доступа обезличены (оставлен только идентификатор)',
  accessDeleted: 'Записи журнала доступа старше срока хранения удалены',
  extract: 'Выписка из журнала событий',
  responsible: 'Ответственный за организацию обработки персональных данных: ____________________',
  fileName: (id: number) => `Akt_ob_unichtozhenii_PD_${id}.pdf`,
} as const;

/** One line of the extract of the event log. */
interface ExtractLine {
  at: string;
  event: string;
}

type Summary = Record<'accounts' | 'withdrawals' | 'names' | 'logins' | 'accessAnonymized' | 'accessDeleted', number>;

/**
 * One run of the destruction: everything in one transaction (the access log unlocked inside it alone). Answers the
 * act's id, or null when nothing was due.
 */
export async function destroyExpiredPersonalData(ctx: ServiceContext): Promise<number | null> {
  const now = ctx.now();
  const at = nowIso(now);
  const cutoff = nowIso(new Date(now.getTime() - ctx.config.personalDataRetentionDays * DAY_MS));
  const logCutoff = nowIso(new Date(now.getTime() - ctx.config.accessLogRetentionDays * DAY_MS));
  const withdrawnCutoff = nowIso(new Date(now.getTime() - ctx.config.consentWithdrawalRetentionDays * DAY_MS));
  return ctx.db.transaction().execute(async (trx) => {
    const summary: Summary = {
      accounts: 0,
      withdrawals: 0,
      names: 0,
      logins: 0,
      accessAnonymized: 0,
      accessDeleted: 0,
    };
    const extract: ExtractLine[] = [];
    await deleteActsBefore(trx, at);
    await withAccessLogUnlocked(trx, async () => {
      for (const account of await listExpiredAccounts(trx, cutoff, withdrawnCutoff)) {
        const withdrawn = account.consent_withdrawn_at !== null;
        const keepName = await namedInDecision(trx, account.id);
        await clearAccount(trx, account.id, keepName);
        const logins = await clearLoginHistory(trx, account.id, account.email);
        const anonymized = await anonymizeAccess(trx, account.id);
        summary.accounts += 1;
        if (withdrawn) summary.withdrawals += 1;
        if (!keepName && account.fio) summary.names += 1;
        summary.logins += logins;
        summary.accessAnonymized += anonymized;
        extract.push({
          at,
          event:
            `Учётная запись #${account.id} (${withdrawn ? DESTRUCTION_TEXTS.withdrawnCause : DESTRUCTION_TEXTS.expiredCause})` +
            ': удалены электронная почта, телефон, должность' +
            `${keepName ? '; ФИО сохранено (названо в решении или письме)' : '; ФИО удалено'}` +
            `; записей истории входа: ${logins}; записей журнала доступа обезличено: ${anonymized}`,
        });
      }
      const deleted = await deleteAccessBefore(trx, logCutoff);
      summary.accessDeleted = deleted;
      if (deleted > 0) extract.push({ at, event: `Удалены записи журнала доступа до ${logCutoff}: ${deleted}` });
    });
    if (extract.length === 0) return null;
    const keepUntil = new Date(now);
    keepUntil.setUTCFullYear(keepUntil.getUTCFullYear() + ACT_KEPT_YEARS);
    return insertAct(trx, {
      made_at: at,
      keep_until: nowIso(keepUntil),
      summary: JSON.stringify(summary),
      extract: JSON.stringify(extract),
    });
  });
}

type ActRow = Awaited<ReturnType<typeof listActs>>[number];

function toAct(row: ActRow): DestructionAct {
  // Acts made before withdrawals were counted have none.
  const summary = { withdrawals: 0, ...(JSON.parse(row.summary) as Partial<Summary>) } as Summary;
  return { id: row.id, madeAt: row.made_at, keepUntil: row.keep_until, ...summary };
}

/** The acts, newest first (heads only). */
export async function destructionActs(ctx: ServiceContext, actor: UserRow): Promise<DestructionAct[]> {
  requireHead(actor);
  return (await listActs(ctx.db)).map(toAct);
}

/** What the act's basis names: the causes of what this run destroyed. */
function causes(act: DestructionAct): string[] {
  const t = DESTRUCTION_TEXTS;
  return [
    ...(act.accounts > act.withdrawals ? [t.expired] : []),
    ...(act.withdrawals > 0 ? [t.withdrawn] : []),
    ...(act.accessDeleted > 0 ? [t.accessExpired] : []),
  ];
}

const moment = (at: string) => {
  const time = committeeTime(at);
  return time ? `${formatDay(time.day)} ${time.time}` : at;
};

/** An act as the committee's document, with the extract of the event log (heads only); 404 for none. */
export async function destructionActPdf(ctx: ServiceContext, actor: UserRow, id: number): Promise<ArrayBuffer> {
  requireHead(actor);
  const row = await findAct(ctx.db, id);
  if (!row) throw apiError('not_found');
  const act = toAct(row);
  const extract = JSON.parse(row.extract) as ExtractLine[];
  const t = DESTRUCTION_TEXTS;
  const blocks: LetterBlock[] = [
    { text: COMMITTEE_NAME, center: true },
    { text: `${t.title} ${t.number(act.id)}`, bold: true, center: true, space: 1 },
    { text: moment(act.madeAt), center: true },
    { text: t.basis(causes(act)), space: 1 },
    { text: t.method },
    { text: `${t.summary}:`, bold: true, space: 1 },
    { text: `${t.accounts}: ${act.accounts}`, indent: LETTER_INDENT },
    ...(act.withdrawals > 0 ? [{ text: `${t.withdrawals}: ${act.withdrawals}`, indent: LETTER_INDENT * 2 }] : []),
    { text: `${t.names}: ${act.names}`, indent: LETTER_INDENT },
    { text: `${t.logins}: ${act.logins}`, indent: LETTER_INDENT },
    { text: `${t.accessAnonymized}: ${act.accessAnonymized}`, indent: LETTER_INDENT },
    { text: `${t.accessDeleted}: ${act.accessDeleted}`, indent: LETTER_INDENT },
    { text: `${t.extract}:`, bold: true, space: 1 },
    ...extract.map((line) => ({ text: `${moment(line.at)} — ${line.event}`, indent: LETTER_INDENT })),
    { text: t.responsible, space: 2 },
  ];
  return renderLetter(
    blocks,
    { title: `${t.title} ${t.number(act.id)}`, subject: t.title, madeAt: new Date(act.madeAt) },
    await committeeFonts(),
  );
}
