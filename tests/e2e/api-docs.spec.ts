import { recordCspViolations } from './csp.ts';
import { expect, test } from './fixtures.ts';

// README «Документация API»: /api-docs is rendered from openapi.yaml at build time, served by `npm start` and nginx
// alike (both passes run this), with every script from our own origin under the site's Content Security Policy.
test('/api-docs renders the contract for integrators, from our own origin only, with no CSP violation', async ({
  page,
}) => {
  const cspViolations = await recordCspViolations(page);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.origin !== new URL(page.url() === 'about:blank' ? request.url() : page.url()).origin) {
      elsewhere.push(request.url());
    }
  });
  await page.goto('/api-docs');
  await expect(
    page.getByRole('heading', { level: 1, name: /Портал дистанционного согласования АГР — API/ }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // Authentication, errors and a public endpoint, as the contract describes them.
  await expect(page.getByRole('heading', { name: 'Аутентификация' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ошибки' })).toBeVisible();
  await expect(page.getByText('/api/public/certificates/{token}').first()).toBeAttached();
  expect(elsewhere).toEqual([]);
  expect(await cspViolations()).toEqual([]);
});
