// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: {
    csp: {
      // Scripts stay hash-only. Styles also allow inline: Radix Dialog's scroll lock (react-remove-scroll) injects a
      // <style> whose text depends on the scrollbar width, so no build-time hash can match it (README "Style policy").
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // No Markdown pages; Shiki's inline styles would also clash with the hashed CSP.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});
