// The API server alone, as ops run it behind nginx (which serves dist/).
import { loadConfig } from './config.ts';
import { startRuntime } from './runtime.ts';

const config = loadConfig();
await startRuntime(config, false);
console.log(`API портала запущен: http://${config.host}:${config.port}`);
