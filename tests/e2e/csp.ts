import type { Page } from '@playwright/test';

/** Records CSP violations (DOM events and Chromium's console reports) from page start. */
export async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) fromConsole.push(text);
  });
  await page.addInitScript(() => {
    const store = window as unknown as { __cspViolations?: string[] };
    store.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      store.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return async () => {
    const fromDom = await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    return [...fromDom, ...fromConsole];
  };
}
