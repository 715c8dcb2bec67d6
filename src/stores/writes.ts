/**
 * Writes (anything but GET) this tab has sent and not had answered yet, by openapi-fetch's request id; the app's
 * client (api.ts) tells this module of each. A live change that comes meanwhile is most likely that write, which its
 * own screen reports (docs/product.md «Live updates»: no "status changed under you" after one's own action).
 */
const writes = new Set<string>();

export function writeStarted(id: string): void {
  writes.add(id);
}

export function writeSettled(id: string): void {
  writes.delete(id);
}

/** Whether this tab waits for the answer to a write of its own. */
export const writingNow = (): boolean => writes.size > 0;
