import ipaddr from 'ipaddr.js';

/**
 * The part of a client address a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address
 * such as `::ffff:203.0.113.5` unwrapped to it), an IPv6 address as its /64 network, since one subscriber is usually
 * handed a whole /64 and could otherwise take a fresh address for every request (RFC 6177; SECURITY.md). Anything that
 * is not an address (a broken X-Real-IP) shares one bucket, so it cannot escape the limit either.
 */
export function addressBucket(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() unwraps IPv4-mapped IPv6; a zone id (fe80::1%eth0) is dropped with the host part below.
    parsed = ipaddr.process(address.trim());
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toNormalizedString()}/64`);
  return `${network.toRFC5952String()}/64`;
}

/** Whether two textual addresses are the same host (`::ffff:10.0.0.1` is `10.0.0.1`). */
export function sameAddress(a: string, b: string): boolean {
  try {
    return ipaddr.process(a.trim()).toNormalizedString() === ipaddr.process(b.trim()).toNormalizedString();
  } catch {
    return a === b;
  }
}
