import type { FastifyRequest } from 'fastify';
import { sameAddress } from '../limits/address-bucket.ts';

/**
 * The client's address: the socket's, or nginx's X-Real-IP when the socket is the configured proxy.
 * A client-sent X-Forwarded-For is never believed. Per-address limits count `addressBucket(clientIp(...))`.
 */
export function clientIp(request: FastifyRequest, trustProxy: string | null): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (trustProxy && sameAddress(peer, trustProxy)) {
    const real = request.headers['x-real-ip'];
    if (typeof real === 'string' && real.length > 0 && real.length < 64) return real.trim();
  }
  return peer;
}
