// The repo's nginx.conf run for the tests: the shared module is scripts/nginx.ts (also behind `npm run start:nginx`).
export {
  findNginx,
  type NginxOptions,
  type RunningNginx,
  rewriteNginxConf,
  startNginx,
} from '../../scripts/nginx.ts';
