import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/src/auth/tokens.ts';
import { createCompanyWithOwner } from '../../server/src/companies/companies.service.ts';
import { loadContract } from '../../server/src/contract/openapi.ts';
import { findUserByEmail } from '../../server/src/users/users.repository.ts';
import { demoUsers } from '../../tools/demo.ts';
import { ACCESS_MATRIX, type Caller, OBJECT_MATRIX } from './access-matrix.ts';
import { startTestPortal, type TestPortal } from './helpers.ts';

let portal: TestPortal;
const tokens = new Map<Caller, string>();

beforeAll(async () => {
  portal = await startTestPortal();
  await createCompanyWithOwner(portal.ctx, { email: 'owner@company-b.example', legalEntity: 'ООО «Б»' });
  const emails: Record<Exclude<Caller, 'anonymous' | 'removedEmployeeA'>, string> = {
    ownerA: demoUsers.owner.email,
    employeeA: demoUsers.employee.email,
    ownerB: 'owner@company-b.example',
    examiner1: demoUsers.examiner1.email,
    examiner2: demoUsers.examiner2.email,
    head: demoUsers.head.email,
  };
  for (const [caller, email] of Object.entries(emails)) {
    const user = await findUserByEmail(portal.db, email);
    if (!user) throw new Error(`no user ${email}`);
    tokens.set(caller as Caller, await signAccessToken(portal.config.jwtSecret, user.id));
  }
});
afterAll(async () => {
  await portal.close();
});

describe('authorization matrix', () => {
  it('has a row for every registered route and a route for every contract operation', () => {
    const rows = new Set(ACCESS_MATRIX.map((row) => `${row.method} ${row.route}`));
    const registered = portal.app.registeredRoutes.map((route) => `${route.method} ${route.url}`);
    expect(registered.filter((route) => !rows.has(route))).toEqual([]);
    // The per-status rows name registered routes too.
    expect(OBJECT_MATRIX.map((row) => `${row.method} ${row.route}`).filter((r) => !registered.includes(r))).toEqual([]);
    const contract = loadContract().map((op) => `${op.method} ${op.url}`);
    expect(contract.filter((op) => !registered.includes(op))).toEqual([]);
  });

  // Every cell of the matrix (with the removed employee and each status of a statement) runs in authz-matrix.test.ts.

  it('refuses forged, expired and malformed bearer tokens', async () => {
    const forged = await signAccessToken('another-secret-of-sufficient-length-000000', 1);
    for (const header of [`Bearer ${forged}`, 'Bearer abc', 'Basic Zm9vOmJhcg==', `Bearer ${tokens.get('ownerA')}x`]) {
      const response = await portal.app.inject({ url: '/api/users/me', headers: { authorization: header } });
      expect(response.statusCode, header).toBe(401);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await portal.app.inject({ url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});

describe('catalogues and version', () => {
  it('lists object categories and work types in Russian', async () => {
    const headers = { authorization: `Bearer ${tokens.get('employeeA')}` };
    const categories = (await portal.app.inject({ url: '/api/catalogObjectTypes', headers })).json();
    expect(categories).toContainEqual({
      id: expect.any(Number),
      name: 'Многоквартирный жилой дом',
      value: 'residential_apartment',
    });
    const workTypes = (await portal.app.inject({ url: '/api/catalogWorkType', headers })).json();
    expect(workTypes.map((w: { name: string }) => w.name)).toContain('Реконструкция');
  });

  it("serves /version.json uncached: the build's version.json, else the configured version", async () => {
    const built = portal.config.distDir;
    portal.config.distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-dist-'));
    try {
      const unbuilt = await portal.app.inject({ url: '/version.json' });
      expect(unbuilt.headers['cache-control']).toBe('no-cache');
      expect(unbuilt.json()).toEqual({ version: portal.config.appVersion });
      // A rebuild is seen without a restart.
      await writeFile(path.join(portal.config.distDir, 'version.json'), '{"version":"0.1.0+rebuilt"}\n');
      const rebuilt = await portal.app.inject({ url: '/version.json' });
      expect(rebuilt.headers['cache-control']).toBe('no-cache');
      expect(rebuilt.json()).toEqual({ version: '0.1.0+rebuilt' });
    } finally {
      await rm(portal.config.distDir, { recursive: true, force: true });
      portal.config.distDir = built;
    }
  });

  it('shows an examiner their instance', async () => {
    const me = await portal.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${tokens.get('examiner1')}` },
    });
    expect(me.json()).toMatchObject({
      role: 'examiner',
      isOwner: false,
      isHead: false,
      company: null,
      instance: { name: expect.any(String) },
    });
  });
});
