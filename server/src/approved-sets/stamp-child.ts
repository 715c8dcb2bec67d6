// The stamping of one document in the parsing sandbox's child process (parsing/sandbox.ts): the file's bytes come in
// ranges from the API process, the stamp's text and fonts with them, and the stamped copy goes back as the answer.
// Never imported by the API.
import { type SandboxedFile, serveParser } from '../parsing/sandbox-child.ts';
import { type StampInput, type StampResult, stampDocument } from './stamp.ts';

/** What is asked of the API process at once: the store's bytes come in pieces of this size. */
const PIECE = 8 * 1024 * 1024;

async function stamp(file: SandboxedFile, input: unknown): Promise<StampResult> {
  const bytes = new Uint8Array(file.size);
  for (let at = 0; at < file.size; at += PIECE) {
    bytes.set(await file.read(at, Math.min(file.size, at + PIECE)), at);
  }
  return stampDocument(bytes, input as StampInput);
}

serveParser(stamp);
