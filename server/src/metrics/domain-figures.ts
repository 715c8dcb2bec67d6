import { Gauge, type Registry } from 'prom-client';
import { STATEMENT_STATUSES } from '#domain/statuses.ts';
import { countOverdueAppeals } from '../appeals/appeals.service.ts';
import { countOverdueConclusions } from '../conclusions/conclusions.service.ts';
import type { ServiceContext } from '../context.ts';
import { countOverdueCorrections } from '../corrections/corrections.service.ts';
import { deadlineClock, deadlineOf, intakeDeadlineOf } from '../deadlines/deadlines.service.ts';
import { INTAKE_CHECK_IN, TERM_RUNS_IN } from '../deadlines/term.ts';
import {
  countOpenRequiredRemarks,
  countStatementsByStatus,
  lastBackupSuccess,
  listRunningTerms,
} from './metrics.repository.ts';

/**
 * The portal's own figures, read from the database when Prometheus scrapes (the database is the truth every API
 * process shares, so each reports the same values): statements by status, review terms overdue, open required remarks.
 */
export function collectDomainFigures(registry: Registry, ctx: ServiceContext): void {
  const { db } = ctx;
  new Gauge({
    name: 'portal_statements',
    help: 'Statements by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await countStatementsByStatus(db);
      for (const status of STATEMENT_STATUSES) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  new Gauge({
    name: 'portal_review_terms_overdue',
    help: 'Statements whose running review term is past its last working day',
    registers: [registry],
    async collect() {
      const clock = await deadlineClock(ctx);
      const rows = await listRunningTerms(db, TERM_RUNS_IN);
      this.set(rows.filter((row) => (deadlineOf(clock, row)?.workingDaysLeft ?? 0) < 0).length);
    },
  });
  new Gauge({
    name: 'portal_intake_checks_overdue',
    help: 'Statements still sent whose intake check is past its last working day (INTAKE_TERM_DAYS)',
    registers: [registry],
    async collect() {
      const clock = await deadlineClock(ctx);
      const rows = await listRunningTerms(db, [INTAKE_CHECK_IN]);
      this.set(rows.filter((row) => (intakeDeadlineOf(clock, row)?.workingDaysLeft ?? 0) < 0).length);
    },
  });
  new Gauge({
    name: 'portal_corrections_overdue',
    help: 'Requested corrections of an issued certificate past their 5th working day',
    registers: [registry],
    async collect() {
      this.set(await countOverdueCorrections(ctx));
    },
  });
  new Gauge({
    name: 'portal_appeals_overdue',
    help: 'Appeals not answered by the last working day of their term (15, or 5 against a refusal to accept or a declined correction)',
    registers: [registry],
    async collect() {
      this.set(await countOverdueAppeals(ctx));
    },
  });
  new Gauge({
    name: 'portal_conclusions_overdue',
    help: 'Conclusions of reviewing bodies asked on statements under review and not answered by the end of their term, per body',
    labelNames: ['body'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [body, count] of await countOverdueConclusions(ctx)) this.set({ body }, count);
    },
  });
  new Gauge({
    name: 'portal_remarks_open_required',
    help: 'Published required remarks not resolved, on statements under review or in rework',
    registers: [registry],
    async collect() {
      this.set(await countOpenRequiredRemarks(db));
    },
  });
  new Gauge({
    name: 'portal_backup_last_success_timestamp_seconds',
    help: 'When the last successful backup ended, unix seconds (0: none yet)',
    registers: [registry],
    async collect() {
      const at = await lastBackupSuccess(db);
      this.set(at ? Math.floor(at.getTime() / 1000) : 0);
    },
  });
}
