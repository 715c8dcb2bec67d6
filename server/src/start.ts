// `npm start`: build the site when needed, then serve dist/ and the API on one port.
import { loadConfig } from './config.ts';
import { failStart, startRuntime } from './runtime.ts';
import { buildSiteIfStale } from './site/build.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return failStart(error);
  }
})();
buildSiteIfStale();
await startRuntime(config, true).catch(failStart);
console.log(`Портал запущен: http://${config.host}:${config.port}`);
