/**
 * Routes whose id is unknown at build time are served by one static shell each; the island reads the id from the URL.
 * nginx.conf mirrors these rules (tests/e2e/nginx.spec.ts checks it serves the same shells).
 */
export const SHELL_FALLBACKS: ReadonlyArray<{ pattern: RegExp; shell: string }> = [
  { pattern: /^\/statement\/info\/[^/]+\/?$/, shell: 'statement/info/shell/index.html' },
  { pattern: /^\/instance\/statement\/info\/[^/]+\/?$/, shell: 'instance/statement/info/shell/index.html' },
  { pattern: /^\/employees\/[^/]+\/edit\/?$/, shell: 'employees/shell/edit/index.html' },
  // The public certificate check: the token is read from the address.
  { pattern: /^\/check\/[^/]+\/?$/, shell: 'check/shell/index.html' },
];
