// Set-up shared by the feature store tests: each test gets the stores of a freshly loaded page.
// The exported `let`s are live bindings: reassigned for each page, so importers always see the current stores.
import type { Mock } from 'vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import type { User } from '#domain/contract.ts';
import { errorBody, reply } from './api-replies.ts';

export let $session: typeof import('../stores/session.ts').$session;
let $toasts: typeof import('../stores/toasts.ts').$toasts;

/** Lets pending promises settle and the stores' listeners run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The toasts on screen as `[kind, text]` pairs. */
export const toastTexts = () => $toasts.get().map((toast) => [toast.kind, toast.text]);

/** Signs `user` in and lets the stores that wait for the session load. */
export async function signIn(user: User): Promise<void> {
  $session.set({ status: 'authenticated', user });
  await flush();
}

const watching: Array<() => void> = [];

/** Watches stores (mounting them, as a component on the page would) until the test ends. */
export function watch(...stores: Array<{ listen(listener: () => void): () => void }>): void {
  for (const store of stores) watching.push(store.listen(() => {}));
}

/** A page opened by `user` that shows `stores`: the session is known, then the stores are watched and may load. */
export async function openAs(user: User, ...stores: Parameters<typeof watch>): Promise<void> {
  $session.set({ status: 'authenticated', user });
  watch(...stores);
  await flush();
}

type Imports = Record<string, () => Promise<object>>;
type Loaded<M extends Imports> = { [K in keyof M]: Awaited<ReturnType<M[K]>> };
const imports: Imports = {};
const current = new Map<string, object>();

/** Loads the page anew: every module fresh, so a store forgets what it loaded; mocks and the tab's storage are kept. */
export async function nextPage(): Promise<void> {
  vi.resetModules();
  ({ $session } = await import('../stores/session.ts'));
  ({ $toasts } = await import('../stores/toasts.ts'));
  // After the session, so the stores under test share it.
  for (const [name, load] of Object.entries(imports)) current.set(name, await load());
}

/** The store modules under test, imported anew before each test; the stand-ins returned reach the current copies. */
export function freshStores<M extends Imports>(modules: M): Loaded<M> {
  Object.assign(imports, modules);
  // 30 s: the first import transforms the whole store graph, seconds on a busy machine.
  beforeEach(async () => {
    vi.clearAllMocks();
    await nextPage();
  }, 30_000);
  afterEach(() => {
    for (const stop of watching.splice(0)) stop();
  });
  const standIn = (name: string) => new Proxy({}, { get: (_, key) => Reflect.get(current.get(name) ?? {}, key) });
  return Object.fromEntries(Object.keys(modules).map((name) => [name, standIn(name)])) as Loaded<M>;
}

/** Keeps what failed loads log out of the test output; tests can still expect `console.error` calls. */
export function silenceConsoleErrors(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
}

/** The two ways a load fails, for `it.each`: the server refuses, or the network does. */
export function loadFailures(
  get: Mock,
  refusal = reply(500, errorBody('internal_error', 'Ошибка')),
): Array<[string, () => unknown]> {
  return [
    ['a refusal', () => get.mockResolvedValue(refusal)],
    ['a network failure', () => get.mockRejectedValue(new TypeError('Failed to fetch'))],
  ];
}
