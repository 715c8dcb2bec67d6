import { randomInt } from 'node:crypto';
import type { Mail, Mailer } from './mailer.ts';

/** How long a queued mail waits before it is handed to the transport: a random 20–120 ms. */
const handOverDelayMs = () => 20 + randomInt(100);

/**
 * A mailer whose `send` only queues: the mail is handed to the real transport later, after the request that queued
 * it has answered, at a random moment (`delayMs`) so the work it costs (building the message, connecting, the SMTP
 * dialogue) falls on unrelated traffic rather than right behind that answer. So start-email-login answers a known
 * e-mail in the same time as an unknown one (SECURITY.md). The promise `send` returns settles with the delivery, for
 * the caller's error logging; `close` lets queued mail leave first (graceful shutdown), within `closeTimeoutMs`.
 */
export function deferredMailer(
  transport: Mailer,
  options: { delayMs?: () => number; closeTimeoutMs?: number } = {},
): Mailer & { flush(): Promise<void> } {
  const delayMs = options.delayMs ?? handOverDelayMs;
  const pending = new Set<Promise<void>>();
  const flush = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    send(mail: Mail) {
      const delivery = new Promise<void>((resolve, reject) => {
        setTimeout(() => transport.send(mail).then(resolve, reject), delayMs());
      });
      pending.add(delivery);
      const forget = () => pending.delete(delivery);
      delivery.then(forget, forget);
      return delivery;
    },
    flush,
    async close() {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.closeTimeoutMs ?? 10_000);
        timer.unref();
      });
      await Promise.race([flush(), timeout]);
      clearTimeout(timer);
      await transport.close();
    },
  };
}
