// The messages between the API process and a parser's child process (sandbox.ts, sandbox-child.ts).

/**
 * What the API process sends: the file's size to begin with (with what else the work needs, e.g. a stamp's text and
 * fonts), then each byte range asked for.
 */
export type ParentMessage =
  | { type: 'open'; size: number; input?: unknown }
  | { type: 'range'; begin: number; bytes: Uint8Array }
  | { type: 'range-failed'; begin: number };

/** What the child sends: a byte range it needs (`end` exclusive), then its answer once. */
export type ChildMessage =
  | { type: 'range'; begin: number; end: number }
  | { type: 'done'; ok: true; value: unknown }
  | { type: 'done'; ok: false };
