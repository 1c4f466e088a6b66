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

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
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
