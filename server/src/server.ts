// The API server alone, as ops run it behind nginx (which serves dist/).
import { loadConfig } from './config.ts';
import { failStart, startRuntime } from './runtime.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return failStart(error);
  }
})();
await startRuntime(config, false).catch(failStart);
console.log(`API портала запущен: http://${config.host}:${config.port}`);
