import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * SSRF guard of outgoing webhooks: an endpoint's host is resolved once per connection, every
 * address it resolves to must be public, and the connection goes to that very address (pinned),
 * so a DNS answer that changes between the check and the connect (rebinding) cannot slip through.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');

/*
 * IPv6: only global unicast (2000::/3) may be reached. Everything outside it is refused whole:
 * unspecified, loopback, IPv4-mapped (::ffff:0:0/96) and IPv4-compatible (::/96) forms, NAT64
 * (64:ff9b::/96, 64:ff9b:1::/48), discard (100::/64), unique local (fc00::/7), link-local
 * (fe80::/10), site-local, multicast, SRv6 (5f00::/16) and the unassigned rest. Inside it, the
 * ranges below are refused too: they carry or reach another address (6to4 and Teredo embed an
 * IPv4 address a relay would connect to) or are not on the internet at all.
 */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID …
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation (RFC 9637)
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is on the public internet (not private, loopback, link-local …). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  return globalUnicast.check(bare, 'ipv6') && !blocked.check(bare, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export class RefusedAddressError extends Error {}

/**
 * The address to connect to for `hostname`: an IP literal as it is, else the first address DNS
 * gives, provided every address it gives is allowed.
 */
export async function resolveAllowed(
  hostname: string,
  lookup: Lookup,
  isAllowed: (address: string) => boolean,
): Promise<ResolvedAddress> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: bare, family: literal === 6 ? 6 : 4 }]
    : await lookup(bare);
  const first = addresses[0];
  if (!first) throw new RefusedAddressError(`${hostname} does not resolve`);
  const refused = addresses.find((entry) => !isAllowed(entry.address));
  if (refused)
    throw new RefusedAddressError(
      `${hostname} resolves to ${refused.address}, a private, loopback or link-local address`,
    );
  return first;
}
