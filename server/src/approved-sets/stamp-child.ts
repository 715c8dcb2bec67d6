// The stamping of one document in the parsing sandbox's child process (parsing/sandbox.ts): the file's bytes come in
// ranges from the API process, the stamp's text and fonts with them; the stamped copy is written to the file the API
// process named, and only its page count goes back (a 100 MB copy sent over IPC cost the API process three times its
// size). Never imported by the API at run time.
import { open } from 'node:fs/promises';
import { type SandboxedFile, serveParser } from '../parsing/sandbox-child.ts';
import { openDocument, type StampJob, type StampResult, stampDocument, writeDocument } from './stamp.ts';

/** What is asked of the API process at once: the store's bytes come in pieces of this size. */
const PIECE = 8 * 1024 * 1024;

async function wholeFile(file: SandboxedFile): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  for (let at = 0; at < file.size; at += PIECE) {
    bytes.set(await file.read(at, Math.min(file.size, at + PIECE)), at);
  }
  return bytes;
}

async function stamp(file: SandboxedFile, input: unknown): Promise<StampResult> {
  const { output, ...stampInput } = input as StampJob;
  // The file's bytes are held by nothing once it is open: pdf-lib keeps copies of what it read.
  const opened = await openDocument(await wholeFile(file), stampInput.kind);
  if ('refused' in opened) return opened;
  const result = await stampDocument(opened, stampInput);
  if ('refused' in result) return result;
  const target = await open(output, 'wx');
  try {
    await writeDocument(opened, async (bytes) => {
      for (let at = 0; at < bytes.length; ) at += (await target.write(bytes, at)).bytesWritten;
    });
  } finally {
    await target.close();
  }
  return result;
}

serveParser(stamp);
