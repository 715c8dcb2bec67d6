// Upload and download abuse (SECURITY.md «Files»): names that hide what a file is, names in Cyrillic, and documents a
// browser would run (HTML, SVG) — each uploaded through the real API and downloaded back as the company's examiner
// would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../tools/demo.ts';
import { login, startTestPortal, type TestPortal, uploadPrefile } from './helpers.ts';

let portal: TestPortal;
let token: string;

beforeAll(async () => {
  portal = await startTestPortal();
  token = (await login(portal, demoUsers.owner.email)).accessToken;
}, 60_000);
afterAll(async () => {
  await portal.close();
});

const upload = (name: string, body: string, type = 'application/octet-stream') =>
  uploadPrefile(portal, token, name, body, type);

const storedNames = async () => (await portal.db.selectFrom('prefiles').select('name').execute()).map((r) => r.name);

describe('names that hide what a file is', () => {
  it.each([
    ['a right-to-left override showing .exe as .pdf', 'счёт\u202efdp.exe'],
    ['a right-to-left override after the extension', 'a.exe\u202e'],
    ['a right-to-left mark inside the extension', 'a.ex\u200fe'],
    ['isolates around the extension', 'a.\u2067exe\u2069'],
    ['a zero-width space inside the extension', 'a.e\u200bxe'],
    ['a control character after the extension', 'a.exe\u0007'],
  ])('refuses %s, keeping nothing', async (_, name) => {
    const before = await storedNames();
    const response = await upload(name, 'MZ');
    expect(response.statusCode, name).toBe(400);
    expect(response.json()).toMatchObject({ error: 'blocked_extension', message: 'Недопустимый тип файла: .exe' });
    expect(await storedNames()).toEqual(before);
  });

  it('keeps no invisible control in a name it takes', async () => {
    const response = await upload('\ufeffотчёт\u2066 итог\u2069\u200e.pdf', '%PDF-1.4');
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('отчёт итог.pdf');
    expect(await storedNames()).toContain('отчёт итог.pdf');
  });
});

describe('what comes back', () => {
  async function submitted(files: { name: string; body: string; type: string }[]) {
    const prefileIds: number[] = [];
    for (const file of files) {
      const response = await upload(file.name, file.body, file.type);
      expect(response.statusCode, file.name).toBe(201);
      prefileIds.push(response.json().id);
    }
    const created = await portal.app.inject({
      method: 'POST',
      url: '/api/statements',
      headers: { authorization: `Bearer ${token}` },
      payload: { objectName: 'Проверка загрузок', prefileIds },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().stages[0].files as { url: string; fileName: string }[];
  }

  it('serves HTML and SVG only as attachments, never sniffed, and Cyrillic names round-trip', async () => {
    const files = await submitted([
      { name: 'страница.html', body: '<script>alert(1)</script>', type: 'text/html' },
      { name: 'схема.svg', body: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', type: 'image/svg+xml' },
      { name: 'Пояснительная записка «Фасады» №2.pdf', body: '%PDF-1.4', type: 'application/pdf' },
    ]);
    for (const file of files) {
      const response = await portal.app.inject({
        url: `/files/${file.url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, file.fileName).toBe(200);
      const disposition = response.headers['content-disposition'] ?? '';
      expect(disposition, file.fileName).toMatch(/^attachment;/);
      // RFC 6266 / 8187: the UTF-8 name, percent-encoded, gives back exactly what was uploaded.
      const encoded = /filename\*=UTF-8''([^;]+)/.exec(String(disposition))?.[1] ?? '';
      expect(decodeURIComponent(encoded)).toBe(file.fileName);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // Whatever type the uploader declared, the bytes come back as opaque data: nothing to render or run.
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.body.length).toBeGreaterThan(0);
    }
    expect(files.map((file) => file.fileName)).toEqual([
      'страница.html',
      'схема.svg',
      'Пояснительная записка «Фасады» №2.pdf',
    ]);
  });
});
