// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: { csp: true },
  // No Markdown pages; Shiki's inline styles would also clash with the hashed CSP.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});
