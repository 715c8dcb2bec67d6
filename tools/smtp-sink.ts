import { Buffer } from 'node:buffer';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { LOGIN_MAIL_SUBJECT } from '../server/src/auth/login.service.ts';

/** One message the portal sent, decoded enough to read it. */
export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** Decoded text of the message (text/plain parts, else text/html without tags). */
  text: string;
  raw: string;
  receivedAt: number;
}

/** The mail a test can see; the portal sends to it through SMTP_URL. */
export interface Mailbox {
  smtpUrl: string;
  /** Messages received so far (by a view: since the view was made). */
  readonly messages: ReceivedMail[];
  /** Messages sent to this address so far. */
  messagesTo(email: string): ReceivedMail[];
  /**
   * The login code from the next login-code message to `email` not read by an earlier call (waits for it).
   * The code is the only 6-digit number in the mail's text.
   */
  /** The next unread code mailed to `email`: a login's, or the mail of `subject` (a registration's code). */
  waitForCode(email: string, options?: { timeout?: number; subject?: string }): Promise<string>;
}

/** An SMTP server that keeps every message in memory. */
export interface SmtpSink extends Mailbox {
  /**
   * A mailbox that sees only mail arriving from now on, so a test sharing the sink with earlier tests never reads
   * their codes. A code read through any view is read for all of them.
   */
  view(): Mailbox;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const read = new Set<ReceivedMail>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ ...parseMessage(raw), to, raw, receivedAt: Date.now() });
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server reports a client connection's failure on the server itself. A portal killed in the middle of a mail
  // (the crash tests SIGKILL it) resets its connection: that is the client's doing and no fault of the sink's. Without
  // a listener past the start, the second such reset was an uncaught ECONNRESET that failed the whole test run.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') return;
    console.error('SMTP sink:', error);
  });
  const { port } = server.server.address() as AddressInfo;
  const smtpUrl = `smtp://127.0.0.1:${port}`;

  /** The messages from index `from` on. */
  const mailboxFrom = (from: number): Mailbox => {
    const seen = () => messages.slice(from);
    const messagesTo = (email: string) => seen().filter((m) => m.to.includes(email.toLowerCase()));
    return {
      smtpUrl,
      get messages() {
        return seen();
      },
      messagesTo,
      async waitForCode(email, options = {}) {
        const deadline = Date.now() + (options.timeout ?? 15_000);
        for (;;) {
          // Other mail (notifications, the welcome of a new employee) may reach the same address meanwhile.
          const subject = options.subject ?? LOGIN_MAIL_SUBJECT;
          const mail = messagesTo(email).find((m) => !read.has(m) && m.subject === subject);
          if (mail) {
            read.add(mail);
            const code = extractCode(mail.text);
            if (!code) throw new Error(`No 6-digit code in the mail to ${email}:\n${mail.subject}\n${mail.text}`);
            return code;
          }
          if (Date.now() > deadline) {
            const received =
              seen()
                .map((m) => `${m.to.join(',')}: ${m.subject}`)
                .join('\n') || '(none)';
            throw new Error(`No code mail to ${email} arrived. Mails received:\n${received}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
  };

  const all = mailboxFrom(0);
  return {
    smtpUrl,
    get messages() {
      return all.messages;
    },
    messagesTo: all.messagesTo,
    waitForCode: all.waitForCode,
    view: () => mailboxFrom(messages.length),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The only 6-digit number in the text. */
export function extractCode(text: string): string | null {
  const codes = text.match(/(?<!\d)\d{6}(?!\d)/g);
  return codes?.[0] ?? null;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Minimal MIME reader: headers, multipart, quoted-printable and base64 (no mailparser available). */
export function parseMessage(raw: string): { subject: string; text: string } {
  const root = parsePart(raw);
  const leaves = flatten(root);
  const plain = leaves.filter((p) => contentType(p).startsWith('text/plain'));
  const html = leaves.filter((p) => contentType(p).startsWith('text/html'));
  let text: string;
  if (plain.length > 0) text = plain.map(decodeBody).join('\n');
  else text = html.map((p) => htmlToText(decodeBody(p))).join('\n');
  return { subject: decodeWords(root.headers.get('subject') ?? ''), text };
}

function parsePart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? '' : normalized.slice(split + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function contentType(part: Part): string {
  return (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
}

function flatten(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? '';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`);
  // pieces[0] is the preamble; the piece starting with "--" is the epilogue after the closing boundary.
  return pieces
    .slice(1)
    .filter((piece) => !piece.startsWith('--'))
    .flatMap((piece) => flatten(parsePart(piece.replace(/^\n/, ''))));
}

function charsetOf(part: Part): BufferEncoding {
  const charset = /charset="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1]?.toLowerCase();
  return charset === 'us-ascii' || charset === 'ascii' ? 'ascii' : charset === 'iso-8859-1' ? 'latin1' : 'utf8';
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString(charsetOf(part));
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body, charsetOf(part));
  return part.body;
}

export function decodeQuotedPrintable(body: string, charset: BufferEncoding = 'utf8'): string {
  const withoutSoftBreaks = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i++) {
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (withoutSoftBreaks[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      // Characters here are ASCII in a conforming message; keep anything else as its UTF-8 bytes.
      bytes.push(...Buffer.from(withoutSoftBreaks[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString(charset);
}

/** RFC 2047 encoded words in headers (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset: string, kind: string, data: string) => {
      const enc: BufferEncoding = charset.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1';
      if (kind.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString(enc);
      return decodeQuotedPrintable(data.replace(/_/g, ' '), enc);
    });
}

function htmlToText(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
}
