// What ops get in ops/ (docs/operations.md): the alert rules pass promtool's check and its unit tests (a stopped mail
// server raises the outbox alert, 36 hours without a backup the backup alert), and the dashboard and the rules read only metrics the API exposes, in valid PromQL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './helpers.ts';

const ops = path.join(import.meta.dirname, '..', '..', 'ops');
const rules = path.join(ops, 'prometheus', 'alerts.yml');

function hasPromtool(): boolean {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const promtool = hasPromtool();
if (!promtool && process.env.CI) throw new Error('promtool is required in CI: apt-get install prometheus');

interface Panel {
  id: number;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets: { refId: string; expr: string }[];
}
const dashboard = JSON.parse(readFileSync(path.join(ops, 'grafana', 'portal-dashboard.json'), 'utf8')) as {
  title: string;
  uid: string;
  panels: Panel[];
};
const dashboardExprs = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));

let portal: TestPortal;
let exposed: Set<string>;
const dir = mkdtempSync(path.join(tmpdir(), 'ops-'));
beforeAll(async () => {
  // METRICS_PORT turns collection on (the listener itself is the runtime's; this test starts its own).
  portal = await startTestPortal({ METRICS_PORT: '9464' });
  await portal.app.inject({ url: '/api/health' });
  const text = await portal.app.metrics.registry.metrics();
  exposed = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1] as string));
}, 60_000);
afterAll(async () => {
  await portal.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The portal_* metric names an expression reads, without a histogram's _bucket/_sum/_count. */
function metricsIn(expr: string): string[] {
  return [...expr.matchAll(/\bportal_[a-z0-9_]+/g)].map((match) => match[0].replace(/_(bucket|sum|count)$/, ''));
}

describe('ops/', () => {
  it.skipIf(!promtool)(
    'alert rules pass promtool check and its rule tests (a stopped mail server raises the outbox alert, an overdue appeal its own, a body’s overdue conclusion its own, an unrecorded read of personal data its own, 36 hours without a backup the backup alert)',
    () => {
      expect(execFileSync('promtool', ['check', 'rules', rules], { encoding: 'utf8' })).toContain(
        'SUCCESS: 15 rules found',
      );
      const tests = ['alerts.test.yml', 'alerts-backup.test.yml'].map((file) => path.join(ops, 'prometheus', file));
      const tested = execFileSync('promtool', ['test', 'rules', ...tests], { encoding: 'utf8' });
      expect(tested.match(/SUCCESS/g)).toHaveLength(2);
    },
  );

  it.skipIf(!promtool)('the dashboard’s queries are valid PromQL', () => {
    const file = path.join(dir, 'dashboard-rules.yml');
    const records = dashboardExprs
      .map((expr, i) => `      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(expr)}`)
      .join('\n');
    writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${records}\n`);
    expect(execFileSync('promtool', ['check', 'rules', file], { encoding: 'utf8' })).toContain(
      `SUCCESS: ${dashboardExprs.length} rules found`,
    );
  });

  it('the dashboard and the rules read only metrics the API exposes; the dashboard is a sound Grafana layout', () => {
    const read = [...dashboardExprs, readFileSync(rules, 'utf8')].flatMap(metricsIn);
    expect(read.length).toBeGreaterThan(10);
    for (const name of read) expect(exposed, name).toContain(name);
    expect(dashboard).toMatchObject({ title: 'Портал согласования АГР', uid: 'portal-agr' });
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
    }
    // What the operator needs to see, each on the board.
    for (const wanted of [
      'portal_http_requests_total',
      'portal_http_request_duration_seconds',
      'portal_logins_total',
      'portal_mail_outbox_oldest_age_seconds',
      'portal_uploads_total',
      'portal_statements',
      'portal_review_terms_overdue',
    ]) {
      expect(dashboardExprs.flatMap(metricsIn)).toContain(wanted);
    }
  });
});
