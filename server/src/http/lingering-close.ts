import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * How much of a refused body is read and dropped after the answer, as nginx's lingering close does (`lingering_time`
 * 30 s, `lingering_timeout` 5 s): an upload's whole limit and some, within 30 s in all and 5 s without a byte.
 */
export const LINGER = { bytes: 128 * 1024 * 1024, ms: 30_000, idleMs: 5_000 } as const;

const hasBody = (raw: IncomingMessage) => {
  const declared = raw.headers['content-length'];
  return (declared !== undefined && declared !== '0') || raw.headers['transfer-encoding'] !== undefined;
};

/**
 * An early answer a client can read. When the API answers before a request's body has all come (a 413 from the
 * declared length, a 401, a 429), Node would close the socket at once, the kernel would reset the connection while the
 * client still writes, and the reset can drop the answer before the client reads it (`write EPIPE`). Instead the
 * answer says `Connection: close`, our side is shut after it, and the rest of the body is read and dropped, within
 * LINGER, before the socket is closed.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      const raw = request.raw;
      // A socket that Node closes (light-my-request's has no destroySoon) whose request's body is still coming.
      if (!raw.complete && typeof raw.socket?.destroySoon === 'function' && hasBody(raw)) {
        reply.header('Connection', 'close');
        lingerOnClose(raw.socket, raw);
      }
      done(null, payload);
    });
  },
  { name: 'lingering-close' },
);

/**
 * Makes the close Node does after the answer (`destroySoon`) a lingering one while `raw`'s body is still coming: our
 * side is ended (the answer and a FIN go out), what the client still sends is read and dropped, and the socket is
 * destroyed when the client ends or past LINGER.
 */
function lingerOnClose(socket: Socket, raw: IncomingMessage): void {
  const close = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (raw.complete || socket.destroyed) {
      close();
      return;
    }
    socket.end();
    const start = socket.bytesRead;
    const began = Date.now();
    let last = start;
    let lastMove = began;
    const timer = setInterval(() => {
      const now = Date.now();
      const read = socket.bytesRead;
      if (read !== last) {
        last = read;
        lastMove = now;
      }
      if (read - start > LINGER.bytes || now - began > LINGER.ms || now - lastMove > LINGER.idleMs) socket.destroy();
    }, 250);
    timer.unref();
    socket.once('close', () => clearInterval(timer));
    socket.once('end', () => socket.destroy());
    socket.on('data', () => {});
    socket.resume();
  };
}
