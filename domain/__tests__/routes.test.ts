import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaOf, idFromPath, isWithin, notificationPath, routes } from '../routes.ts';
import { itMaps } from './table.ts';

describe('routes', () => {
  it.each([
    [routes.entry, '/'],
    [routes.login, '/login'],
    [routes.loginPassword, '/login-password'],
    [routes.company(), '/company'],
    [routes.company('all'), '/company/filter/all'],
    [routes.company('has_comments'), '/company/filter/has_comments'],
    [routes.companyEdit, '/company/edit'],
    [routes.statementCreate, '/statement/create'],
    [routes.statementInfo(42), '/statement/info/42'],
    [routes.employeesRoot, '/employees'],
    [routes.employees, '/employees/list'],
    [routes.employeeCreate, '/employees/create'],
    [routes.employeeEdit(7), '/employees/7/edit'],
    [routes.examiner(), '/instance'],
    [routes.examiner('under_review'), '/instance/filter/under_review'],
    [routes.examinerAll, '/instance/all'],
    [routes.examinerNews, '/instance/news'],
    [routes.examinerSettings, '/instance/settings'],
    [routes.examinerStatementInfo(5), '/instance/statement/info/5'],
  ])('%s is %s', (built, expected) => {
    expect(built).toBe(expected);
  });
});

describe('areaOf', () => {
  itMaps('%s -> %s', areaOf, [
    ['/company', 'company'],
    ['/company/', 'company'],
    ['/company/filter/sent', 'company'],
    ['/company/edit', 'company'],
    ['/statement/create', 'company'],
    ['/statement/info/42', 'company'],
    ['/employees', 'company'],
    ['/employees/7/edit', 'company'],
    ['/instance', 'examiner'],
    ['/instance/filter/under_review/', 'examiner'],
    ['/instance/statement/info/5', 'examiner'],
    ['/', 'public'],
    ['/login', 'public'],
    ['/login-password', 'public'],
    ['/404', 'public'],
    ['/check/abc', 'public'],
    ['/instances', 'public'],
    ['/companyx', 'public'],
    ['/statements', 'public'],
  ]);
});

describe('isWithin', () => {
  itMaps('%s within %s: %s', isWithin, [
    ['/employees', '/employees', true],
    ['/employees/7/edit/', '/employees', true],
    ['/employeesx', '/employees', false],
    ['/company/edit', '/company/edit', true],
  ]);
});

describe('idFromPath', () => {
  itMaps('%s -> %s', idFromPath, [
    ['/statement/info/42', 42],
    ['/statement/info/42/', 42],
    ['/instance/statement/info/5', 5],
    ['/employees/7/edit', 7],
    ['/statement/info/shell', null],
    ['/statement/info/0', null],
    ['/statement/info/-1', null],
    ['/statement/info/1e3', null],
    ['/statement/create', null],
    ['/employees/list', null],
  ]);
});

describe('notificationPath', () => {
  itMaps('%j -> %j (notifications drawer)', notificationPath, [
    ['/statement/info/42', '/statement/info/42'],
    ['statement/info/42', '/statement/info/42'],
    ['  instance/news ', '/instance/news'],
    ['', null],
    [null, null],
    [undefined, null],
  ]);
});

// The convention itself: only routes.ts writes a site path. Tests may spell expected paths out.
describe('no path literals outside routes.ts', () => {
  const srcDir = join(import.meta.dirname, '..', '..', 'src');
  // A quoted site path, or an href to a page (static files such as /favicon.svg are assets, not routes).
  const SITE_PATH =
    /(['"`])\/(login|company|instance|statement|employees|check)\b[^'"`]*\1|href="\/(?![^"]*\.\w+")[^"]*"/g;

  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
      return /\.(ts|tsx|astro)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
    });
  }

  it('finds none', () => {
    const found = sourceFiles(srcDir)
      .filter((file) => !file.endsWith(join('lib', 'routes.ts')))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(SITE_PATH)].map((m) => `${relative(srcDir, file)}: ${m[0]}`),
      );
    expect(found).toEqual([]);
  });
});
