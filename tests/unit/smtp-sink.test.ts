// The tests' SMTP sink outlives a portal killed in the middle of a mail: the crash tests SIGKILL the server while it
// may be talking to the sink, and each such connection ends in a reset.
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../tools/smtp-sink.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

/** Connects to the sink and waits for its greeting. */
async function greeted(): Promise<net.Socket> {
  const { port } = new URL(sink.smtpUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('data', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

/** Sends `command` and waits for the answer line that starts with `code`. */
async function say(socket: net.Socket, command: string, code: string): Promise<void> {
  let text = '';
  await new Promise<void>((resolve) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (new RegExp(`^${code} `, 'm').test(text)) {
        socket.off('data', read);
        resolve();
      }
    };
    socket.on('data', read);
    socket.write(`${command}\r\n`);
  });
}

it('keeps serving after clients reset their connections in the middle of a mail, one after another', async () => {
  for (let i = 0; i < 3; i += 1) {
    const socket = await greeted();
    await say(socket, 'EHLO portal', '250');
    await say(socket, 'MAIL FROM:<portal@demo.example>', '250');
    // What a portal SIGKILLed in the middle of a mail leaves: a reset inside the transaction, not a goodbye.
    socket.resetAndDestroy();
    await new Promise((resolve) => socket.once('close', resolve));
  }
  const after = await greeted();
  after.end('QUIT\r\n');
  expect(after.destroyed || after.readable).toBe(true);
});
