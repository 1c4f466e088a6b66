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
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback ::1, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: checked by its IPv4 part below, refused as a whole here
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/**
 * The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d` or `::ffff:7f00:1`, the
 * canonical forms DNS and the URL parser give; `0:0:0:0:0:ffff:…` is written out too).
 */
function mappedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase().replace(/^(0{1,4}:){5}ffff:/, '::ffff:');
  if (!lower.startsWith('::ffff:')) return undefined;
  const rest = lower.slice('::ffff:'.length);
  if (isIP(rest) === 4) return rest;
  const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!groups) return undefined;
  const high = parseInt(groups[1] as string, 16);
  const low = parseInt(groups[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is on the public internet (not private, loopback, link-local …). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = mappedIpv4(bare);
  if (v4 !== undefined) return !blocked.check(v4, 'ipv4');
  return !blocked.check(bare, 'ipv6');
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
