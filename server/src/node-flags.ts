/**
 * The V8 flags every API process runs with: `npm start`, `npm run serve:api` (package.json), `npm run start:nginx`
 * and the bench's portal. A young generation of 4 MB (instead of V8's default 16–32 MB) lets the minor collections
 * free the 64 KB socket read buffers of an upload as it streams, so a 100 MB upload grows the process by tens of MB
 * rather than up to V8's 64 MB external-memory limit (measured: 1/2/4/8 MB gave 9/19/37/46 MB against 63,
 * with no measurable cost on `GET /api/users/me` at 4 MB). tests/server/node-flags.test.ts keeps package.json in step.
 */
export const API_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];
