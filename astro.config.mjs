// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  integrations: [react()],
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  security: { csp: true },
  devToolbar: { enabled: false },
});
