import type { ServiceContext } from '../context.ts';
import { localDate } from '../deadlines/calendar.ts';

/**
 * Where a list stands (`X-List-Revision`, docs/product.md «Live updates»): the change log's position when it was read,
 * the oldest transaction still running then (PostgreSQL: its changes may sit below that position; 0 on SQLite),
 * and the committee's day (the working days left an item shows change at midnight). Opaque to clients:
 * `<seq>.<xmin>.<yyyymmdd>`.
 */
export interface ListRevision {
  seq: number;
  xmin: number;
  day: string;
}

const TOKEN = /^(\d{1,15})\.(\d{1,15})\.(\d{8})$/;

export function formatListRevision(revision: ListRevision): string {
  return `${revision.seq}.${revision.xmin}.${revision.day}`;
}

/** A revision a client sent back, or null for anything else (answered with the whole list). */
export function parseListRevision(text: string | undefined): ListRevision | null {
  const match = text === undefined ? null : TOKEN.exec(text);
  if (!match) return null;
  return { seq: Number(match[1]), xmin: Number(match[2]), day: match[3] as string };
}

/** The committee's calendar day as the revision writes it. */
export function revisionDay(ctx: ServiceContext): string {
  return localDate(ctx.now(), ctx.config.timeZone).replaceAll('-', '');
}
