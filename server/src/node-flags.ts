/**
 * The V8 flags every API process runs with: `npm start`, `npm run serve:api` (package.json), `npm run start:nginx`
 * and the bench's portal. A young generation of 4 MB (instead of V8's default 16–32 MB) lets the minor collections
 * free the 64 KB socket read buffers of an upload as it streams, so a 100 MB upload grows the process by tens of MB
 * rather than up to V8's 64 MB external-memory limit (measured: 1/2/4/8 MB gave 9/19/37/46 MB against 63,
 * with no measurable cost on `GET /api/users/me` at 4 MB). tests/server/node-flags.test.ts keeps package.json in step.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/**
 * The admin CLI's V8 flags (`npm run admin`, package.json, and the backup's systemd unit): a young generation of 1 MB
 * and a heap that grows only when it must, so the backup's commands, which stream a gigabyte of files through 64 KB
 * buffers, give the buffers back as they go instead of letting the old generation fill with dead ones. Measured on
 * 10,000 statements with 1 GB of files (bench figure 13), peak RSS with V8's defaults → with these: backup 248 → 134 MB,
 * verify-backup 198 → 110 MB, restore 308 → 141 MB; no command ran slower by more than the machine's noise.
 */
export const ADMIN_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--optimize-for-size'];
