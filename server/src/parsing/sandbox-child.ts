// The child's half of a sandboxed parse (sandbox.ts): byte ranges of the file from the API process, one answer back.
import type { ChildMessage, ParentMessage } from './sandbox-protocol.ts';

/** The file as a parser sees it: its size, and its bytes by range (`end` exclusive). */
export interface SandboxedFile {
  size: number;
  read(begin: number, end: number): Promise<Uint8Array>;
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

/**
 * Serves one parse in this child: waits for the file, runs `parse` on it (with the input the parent passed) and sends
 * its answer (null when the parser cannot read the file), then exits. Run only as a child of `parseStoredFile`.
 */
export function serveParser<T>(parse: (file: SandboxedFile, input: unknown) => Promise<T | null>): void {
  const asked = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
  const read = (begin: number, end: number) =>
    new Promise<Uint8Array>((resolve, reject) => {
      asked.set(begin, { resolve, reject });
      send({ type: 'range', begin, end });
    });

  process.on('message', (raw) => {
    const message = raw as ParentMessage;
    if (message.type === 'open') {
      void parse({ size: message.size, read }, message.input)
        .then(
          (value) => (value === null ? { type: 'done', ok: false } : { type: 'done', ok: true, value }),
          () => ({ type: 'done', ok: false }) as const,
        )
        .then((answer) => {
          // Disconnected once the answer is written: a large one (a stamped copy) is still on its way after `send`.
          process.send?.(answer as ChildMessage, undefined, undefined, () => process.disconnect?.());
        });
      return;
    }
    const waiting = asked.get(message.begin);
    asked.delete(message.begin);
    if (message.type === 'range') waiting?.resolve(new Uint8Array(message.bytes));
    else waiting?.reject(new Error(`range at ${message.begin} could not be read`));
  });
}
