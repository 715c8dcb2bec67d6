import type { Notification, StatementStatus } from '#domain/contract.ts';
import { REFUSAL_TEXTS } from '#domain/refusals.ts';
import { remarksCount } from '#domain/remarks.ts';
import { routes } from '#domain/routes.ts';
import { pluralForm } from '#domain/russian.ts';
import type { ServiceContext } from '../context.ts';
import { type Db, nowIso } from '../db/database.ts';
import type { UserRow } from '../users/user.ts';
import { listCompanyUsers, listExaminers } from '../users/users.service.ts';
import {
  endGatherings,
  gatherPetition,
  insertNotification,
  insertNotifications,
  listNotifications,
  type NewNotification,
  rewordNotification,
  setGatheringNotification,
} from './notifications.repository.ts';

/** What happened to a statement, as its recipients are told (docs/product.md «Notifications and mail»). */
export type StatementEvent =
  | { kind: 'submitted' }
  | { kind: 'taken' }
  | {
      kind: 'replied';
      status: Extract<StatementStatus, 'has_comments' | 'approved' | 'rejected'>;
      /** Remarks a rework publishes (docs/product.md «Remarks»). */
      remarks?: number;
      /** The grounds a rejection gives, with their legal basis (docs/product.md «The regulation's procedures»). */
      grounds?: ReadonlyArray<{ name: string; legalBasis: string }>;
    }
  | { kind: 'new_version'; examinerId: number }
  | {
      kind: 'not_accepted';
      /** The grounds of the refusal to accept, with their legal basis. */
      grounds: ReadonlyArray<{ name: string; legalBasis: string }>;
    }
  | {
      /** The committee's head assigned it (out of `sent`, `previousExaminerId` null) or handed it to another. */
      kind: 'assigned';
      examinerId: number;
      examinerName: string | null;
      previousExaminerId: number | null;
      headName: string | null;
      comment: string | null;
    }
  | {
      kind: 'withdrawn';
      /** The assigned examiner; null while nobody took it (every examiner is told then). */
      examinerId: number | null;
      reason: string | null;
    }
  | {
      /** An upheld appeal returned a refusal for review (the company is told by the appeal's answer). */
      kind: 'appeal_upheld';
      examinerId: number;
    };

interface AnnouncedStatement {
  id: number;
  visibleId: number;
  companyId: number;
  objectName: string;
}

/** The Russian line of a notification; the mail's subject too. */
function eventMessage(event: StatementEvent, statement: AnnouncedStatement): string {
  const what = `№ ${statement.visibleId} «${statement.objectName}»`;
  switch (event.kind) {
    case 'submitted':
      return `Новое заявление ${what}`;
    case 'taken':
      return `Заявление ${what} взято в работу`;
    case 'new_version':
      return `По заявлению ${what} загружена новая версия`;
    case 'not_accepted':
      return `По заявлению ${what} отказано в приёме документов`;
    case 'withdrawn':
      return `Заявление ${what} отозвано заявителем`;
    case 'appeal_upheld':
      return `Заявление ${what} возвращено на рассмотрение по жалобе`;
    case 'assigned':
      return event.previousExaminerId === null
        ? `Заявление ${what} взято в работу`
        : `Заявление ${what} передано эксперту ${event.examinerName ?? ''}`.trimEnd();
    case 'replied':
      return {
        has_comments: `Заявление ${what} возвращено на доработку${event.remarks ? `: ${remarksCount(event.remarks)}` : ''}`,
        approved: `Заявление ${what} согласовано`,
        rejected: `По заявлению ${what} отказано в согласовании`,
      }[event.status];
  }
}

/**
 * Who is told: examiners of a new statement, the assigned examiner of a new version and of a withdrawal (every
 * examiner when nobody took it), every user of the company of the committee's moves.
 */
async function recipients(db: Db, event: StatementEvent, statement: AnnouncedStatement): Promise<UserRow[]> {
  switch (event.kind) {
    case 'submitted':
      return listExaminers(db);
    case 'new_version':
    case 'appeal_upheld':
      return (await listExaminers(db)).filter((user) => user.id === event.examinerId);
    case 'withdrawn': {
      const examiners = await listExaminers(db);
      return event.examinerId === null ? examiners : examiners.filter((user) => user.id === event.examinerId);
    }
    default:
      return listCompanyUsers(db, statement.companyId);
  }
}

export interface Announcement {
  to: string[];
  subject: string;
  text: string;
  /** More mails of the same event worded for other recipients (an assignment's examiners). */
  also?: Announcement[];
}

/**
 * Records the in-app notifications of an event in the caller's transaction and returns the mail to send once it
 * commits (a rolled-back change announces nothing).
 */
export async function recordStatementEvent(
  ctx: ServiceContext,
  event: StatementEvent,
  statement: AnnouncedStatement,
  at: string,
): Promise<Announcement> {
  const company = await companyAnnouncement(ctx, event, statement, at);
  if (event.kind !== 'assigned') return company;
  return { ...company, also: await assignmentAnnouncements(ctx, event, statement, at) };
}

/** An event's notifications and mail to its recipients (the company's, for an assignment). */
async function companyAnnouncement(
  ctx: ServiceContext,
  event: StatementEvent,
  statement: AnnouncedStatement,
  at: string,
): Promise<Announcement> {
  const people = await recipients(ctx.db, event, statement);
  const committee =
    event.kind === 'submitted' ||
    event.kind === 'new_version' ||
    event.kind === 'withdrawn' ||
    event.kind === 'appeal_upheld';
  const route = committee ? routes.examinerStatementInfo(statement.id) : routes.statementInfo(statement.id);
  const message = eventMessage(event, statement);
  const grounds = event.kind === 'replied' || event.kind === 'not_accepted' ? (event.grounds ?? []) : [];
  // The notification names the grounds; the mail lists them with their legal basis; the subject stays short.
  const notified =
    grounds.length > 0
      ? `${message}. ${REFUSAL_TEXTS.groundsTitle}: ${grounds.map((g) => g.name).join('; ')}`
      : message;
  await insertNotifications(ctx.db, { userIds: people.map((user) => user.id), message: notified, route, at });
  const groundLines =
    grounds.length > 0
      ? ['', `${REFUSAL_TEXTS.groundsTitle}:`, ...grounds.map((g, i) => `${i + 1}. ${g.name} (${g.legalBasis}).`)]
      : [];
  return {
    to: people.flatMap((user) => (user.email ? [user.email] : [])),
    subject: message,
    text: statementMailText(ctx, route, [`${message}.`, ...groundLines, ...reasonLines(event)]),
  };
}

/**
 * What an assignment tells the examiners, with the head's comment (docs/product.md «Assigning»): the assigned one
 * 'Вам назначено заявление', the previous one (a reassignment) that it went to the other.
 */
async function assignmentAnnouncements(
  ctx: ServiceContext,
  event: Extract<StatementEvent, { kind: 'assigned' }>,
  statement: AnnouncedStatement,
  at: string,
): Promise<Announcement[]> {
  const what = `№ ${statement.visibleId} «${statement.objectName}»`;
  const route = routes.examinerStatementInfo(statement.id);
  const examiners = await listExaminers(ctx.db);
  const told = [
    { id: event.examinerId, message: `Вам назначено заявление ${what}` },
    ...(event.previousExaminerId === null
      ? []
      : [
          {
            id: event.previousExaminerId,
            message: `Заявление ${what} передано эксперту ${event.examinerName ?? ''}`.trimEnd(),
          },
        ]),
  ];
  const announcements: Announcement[] = [];
  for (const { id, message } of told) {
    const person = examiners.find((user) => user.id === id);
    if (!person) continue;
    const notified = event.comment ? `${message}. Комментарий: ${event.comment}` : message;
    await insertNotifications(ctx.db, { userIds: [person.id], message: notified, route, at });
    const lines = [`${message}.`, '', `Назначил: ${event.headName ?? 'руководитель отдела'}.`];
    if (event.comment) lines.push(`Комментарий: ${event.comment}`);
    announcements.push({
      to: person.email ? [person.email] : [],
      subject: message,
      text: statementMailText(ctx, route, lines),
    });
  }
  return announcements;
}

/** The applicant's reason of a withdrawal, for its mail. */
function reasonLines(event: StatementEvent): string[] {
  return event.kind === 'withdrawn' && event.reason ? ['', `Причина: ${event.reason}`] : [];
}

/** One in-app notification per recipient, in the caller's transaction. */
export function notify(db: Db, notification: NewNotification): Promise<void> {
  return insertNotifications(db, notification);
}

/**
 * Notifies these people about a statement in the caller's transaction and returns the mail to send them once it
 * commits (`sendAnnouncement`): the message is the notification and the subject, the lines the mail's body.
 */
export async function announceTo(
  ctx: ServiceContext,
  db: Db,
  people: readonly UserRow[],
  route: string,
  message: string,
  lines: readonly string[],
  at: string,
): Promise<Announcement> {
  await insertNotifications(db, { userIds: people.map((user) => user.id), message, route, at });
  return {
    to: people.flatMap((user) => (user.email ? [user.email] : [])),
    subject: message,
    text: statementMailText(ctx, route, lines),
  };
}

// ——— Petitions gathered (docs/product.md «Notifications and mail»): correction requests and appeals arriving for one
// person within minutes make one notification that counts them and at most two mails, the first at once and one
// telling how many more came, instead of one each ———

/** How long a person's petitions are gathered after the first one mailed. */
export const PETITION_GATHERING_MS = 10 * 60 * 1000;

/** '3 обращения', '5 обращений'. */
const petitionsCount = (count: number) => `${count} ${pluralForm(count, ['обращение', 'обращения', 'обращений'])}`;

/**
 * Tells these people of a petition (a correction request, an appeal) in the caller's transaction, like announceTo,
 * gathering per person: the first within PETITION_GATHERING_MS is notified and mailed at once; each later one only
 * rewords that notification to count them, and the gathering's end mails how many came (sendPetitionDigests). A
 * gathering found ended is mailed with this one.
 */
export async function announcePetition(
  ctx: ServiceContext,
  db: Db,
  people: readonly UserRow[],
  route: string,
  message: string,
  lines: readonly string[],
  at: string,
): Promise<Announcement> {
  const endedBefore = nowIso(new Date(Date.parse(at) - PETITION_GATHERING_MS));
  const mailed: UserRow[] = [];
  const digests: Announcement[] = [];
  for (const person of people) {
    for (const ended of await endGatherings(db, endedBefore, person.id)) {
      if (ended.held > 0) digests.push(petitionDigest(ctx, person, ended.held));
    }
    const { held, notificationId } = await gatherPetition(db, person.id, at);
    const grouped = `${petitionsCount(held + 1)} за последние минуты, последнее: ${message}`;
    if (
      held > 0 &&
      notificationId !== null &&
      (await rewordNotification(db, notificationId, { message: grouped, route, at }))
    ) {
      continue;
    }
    const id = await insertNotification(db, { userId: person.id, message, route, at });
    await setGatheringNotification(db, person.id, id);
    mailed.push(person);
  }
  return {
    to: mailed.flatMap((user) => (user.email ? [user.email] : [])),
    subject: message,
    text: statementMailText(ctx, route, lines),
    also: digests,
  };
}

/** The mail that ends a gathering: how many petitions came after the one already mailed. */
function petitionDigest(ctx: ServiceContext, person: UserRow, held: number): Announcement {
  const more = petitionsCount(held);
  const link = `${ctx.config.publicOrigin ?? ''}${routes.examinerNews}`;
  return {
    to: person.email ? [person.email] : [],
    subject: `Ещё ${more} по заявлениям: запросы об исправлении и жалобы`,
    text: [
      'Здравствуйте!',
      '',
      `После нашего последнего письма поступило ещё ${more} по заявлениям (запросы об исправлении опечаток в`,
      'свидетельствах и жалобы). Чтобы не присылать письмо на каждое, мы собрали их в одно: все они в уведомлениях',
      'портала.',
      '',
      `Открыть портал: ${link}`,
      '',
      'Портал дистанционного согласования архитектурно-градостроительного решения',
      'Комитет по архитектуре и градостроительству',
    ].join('\n'),
  };
}

/**
 * Ends the gatherings older than PETITION_GATHERING_MS and mails each one's count (scheduled every minute; every API
 * process may run it: each gathering is claimed by its deletion). How many mails it sent.
 */
export async function sendPetitionDigests(ctx: ServiceContext): Promise<number> {
  const ended = await endGatherings(ctx.db, nowIso(new Date(ctx.now().getTime() - PETITION_GATHERING_MS)));
  if (!ended.some(({ held }) => held > 0)) return 0;
  // Petitions go to examiners only; one deactivated meanwhile is mailed nothing.
  const examiners = await listExaminers(ctx.db);
  let sent = 0;
  for (const { userId, held } of ended) {
    const person = examiners.find((user) => user.id === userId);
    if (held === 0 || !person) continue;
    sendAnnouncement(ctx, petitionDigest(ctx, person, held));
    sent += 1;
  }
  return sent;
}

/** The text of a mail about a statement: the greeting, these lines, the link to its page, the signature. */
export function statementMailText(ctx: ServiceContext, route: string, lines: readonly string[]): string {
  const link = ctx.config.publicOrigin ? `${ctx.config.publicOrigin}${route}` : route;
  return [
    'Здравствуйте!',
    '',
    ...lines,
    '',
    `Открыть заявление: ${link}`,
    '',
    'Портал дистанционного согласования архитектурно-градостроительного решения',
    'Комитет по архитектуре и градостроительству',
  ].join('\n');
}

/** Sends an event's mails after its transaction committed; a failed mail is logged, never undoes the change. */
export function sendAnnouncement(ctx: ServiceContext, announcement: Announcement): void {
  for (const more of announcement.also ?? []) sendAnnouncement(ctx, more);
  for (const to of announcement.to) {
    ctx.mailer
      .send({ to, subject: announcement.subject, text: announcement.text })
      .catch((error: unknown) => ctx.logError(error, 'notification mail failed'));
  }
}

/** The newest notifications of a user (the drawer shows them all; a long history is cut at 200). */
export async function notificationsOf(ctx: ServiceContext, user: UserRow): Promise<Notification[]> {
  const rows = await listNotifications(ctx.db, user.id, 200);
  return rows.map((row) => ({ id: row.id, message: row.message, route: row.route, dateCreate: row.date_create }));
}
