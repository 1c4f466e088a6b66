import { describe, expect, it } from 'vitest';
import { isPublicAddress, RefusedAddressError, resolveAllowed } from './webhook-address.ts';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '64:ff9b::7f00:1',
    '[::1]',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700::1111',
    '2001:4860:4860::8888', // 2001: but outside the IETF block 2001::/23
    '2a00:1450:4001:81c::200e',
    '2400:cb00:2048:1::c629:d7a2',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isPublicAddress: special-purpose IPv6', () => {
  it.each([
    // 6to4 (2002::/16) embeds an IPv4 address a relay connects to: loopback, private or public.
    ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
    ['6to4 of 10.0.0.1', '2002:a00:1::'],
    ['6to4 of 8.8.8.8', '2002:808:808::1'],
    // Teredo (2001::/32) embeds a server and an obfuscated client address.
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo, shortest form', '2001::1'],
    ['IETF protocol assignments (benchmarking)', '2001:2::1'],
    ['ORCHIDv2', '2001:20::1'],
    // NAT64 translates to the IPv4 address in its last 32 bits.
    ['NAT64 well-known of 8.8.8.8', '64:ff9b::808:808'],
    ['NAT64 well-known of 10.0.0.1', '64:ff9b::a00:1'],
    ['NAT64 local-use', '64:ff9b:1::a00:1'],
    ['NAT64 local-use, other subnet', '64:ff9b:1:abcd::1'],
    ['not global unicast (64:ff96::)', '64:ff96::1'],
    // IPv4-mapped and IPv4-compatible forms, even of a public IPv4 address.
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['IPv4-mapped public, hex', '::ffff:808:808'],
    ['IPv4-mapped public, written out', '0:0:0:0:0:ffff:808:808'],
    ['IPv4-compatible', '::808:808'],
    ['IPv4-translated (SIIT)', '::ffff:0:808:808'],
    // Documentation, discard, SRv6, unassigned.
    ['documentation 2001:db8::/32', '2001:db8::1'],
    ['documentation 3fff::/20', '3fff:0:1::1'],
    ['discard-only', '100::1'],
    ['SRv6 SIDs', '5f00::1'],
    ['unassigned', '4000::1'],
    ['site-local', 'fec0::1'],
    ['multicast', 'ff02::1'],
  ])('refuses %s (%s)', (_what, address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(isPublicAddress(`[${address}]`)).toBe(false);
  });
});

describe('resolveAllowed', () => {
  it('refuses a host name that resolves to loopback, and one with any private address', async () => {
    const lookup = async (host: string) =>
      host === 'evil.example'
        ? [{ address: '127.0.0.1', family: 4 as const }]
        : [
            { address: '93.184.216.34', family: 4 as const },
            { address: '10.0.0.5', family: 4 as const },
          ];
    await expect(resolveAllowed('evil.example', lookup, isPublicAddress)).rejects.toThrow(
      RefusedAddressError,
    );
    await expect(resolveAllowed('mixed.example', lookup, isPublicAddress)).rejects.toThrow(
      /10\.0\.0\.5/,
    );
    await expect(resolveAllowed('[::ffff:7f00:1]', lookup, isPublicAddress)).rejects.toThrow(
      RefusedAddressError,
    );
  });

  it('pins the first address of a public name', async () => {
    const lookup = async () => [{ address: '93.184.216.34', family: 4 as const }];
    expect(await resolveAllowed('shop.example', lookup, isPublicAddress)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });
});
