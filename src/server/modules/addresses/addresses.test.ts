import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_REQUIRED_MESSAGE,
  ADDRESSES_MAX,
  TOO_MANY_ADDRESSES_MESSAGE,
  type SavedAddress,
} from '../../../shared/address.ts';
import { apiPaths } from '../../../shared/api-paths.ts';
import { ADDRESS_MAX, PHONE_MAX } from '../../../shared/purchase.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { ADDRESS_NOT_FOUND_MESSAGE } from './addresses.service.ts';

const t = setUpAppWithAccounts();

const list = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: apiPaths.addresses, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<SavedAddress[]>();
};
const save = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: apiPaths.addresses, headers: who.headers, payload });
const remove = (who: SignedIn, id: string) =>
  t.app.inject({ method: 'DELETE', url: apiPaths.address(id), headers: who.headers });

describe('saved addresses', () => {
  it('answers a signed-out caller with 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', apiPaths.addresses],
      ['POST', apiPaths.addresses],
      ['DELETE', apiPaths.address(randomUUID())],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: { address: '1 Main St' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: expect.any(String) });
    }
  });

  it('saves an address with its phone (trimmed) and lists the owner’s, newest first', async () => {
    const owner = await signUp(t.app);
    const first = await save(owner, { address: '  1 Main St, Springfield ', phone: ' 555 0100 ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      _id: expect.any(String),
      address: '1 Main St, Springfield',
      phone: '555 0100',
      postal: null,
      createdAt: expect.any(String),
    });
    // The phone is optional.
    const second = await save(owner, { address: '2 Side Rd' });
    expect(second.json()).toMatchObject({ address: '2 Side Rd', phone: '' });
    expect(await list(owner)).toEqual([second.json(), first.json()]);
    expect(await list(t.other)).toEqual([]);
  });

  it('deletes the owner’s address only; anyone else’s, unknown or malformed ids are 404', async () => {
    const owner = await signUp(t.app);
    const saved = (await save(owner, { address: '3 Hill Ln' })).json<SavedAddress>();
    for (const [who, id] of [
      [t.other, saved._id],
      [owner, randomUUID()],
      [owner, 'not-an-id'],
      [owner, "1' or '1'='1"],
    ] as const) {
      const res = await remove(who, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: ADDRESS_NOT_FOUND_MESSAGE,
        requestId: expect.any(String),
      });
    }
    expect(await list(owner)).toEqual([saved]);
    const res = await remove(owner, saved._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await list(owner)).toEqual([]);
    expect((await remove(owner, saved._id)).statusCode).toBe(404);
  });

  it(`keeps at most ${ADDRESSES_MAX} per account; deleting one makes room`, async () => {
    const owner = await signUp(t.app);
    for (let n = 0; n < ADDRESSES_MAX; n += 1)
      expect((await save(owner, { address: `${n} Long Rd` })).statusCode).toBe(201);
    const refused = await save(owner, { address: 'One too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: TOO_MANY_ADDRESSES_MESSAGE,
      requestId: expect.any(String),
    });
    // Another account's count is its own.
    expect((await save(t.other, { address: '9 Other St' })).statusCode).toBe(201);
    const [newest] = await list(owner);
    await remove(owner, newest!._id);
    expect((await save(owner, { address: 'Room again' })).statusCode).toBe(201);
  });

  it(`holds ${ADDRESSES_MAX} under parallel posts`, async () => {
    const owner = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: ADDRESSES_MAX + 5 }, (_, n) => save(owner, { address: `${n} Race Rd` })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ADDRESSES_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect(await list(owner)).toHaveLength(ADDRESSES_MAX);
  });

  it.each([
    ['a missing address', { phone: '555' }, 'address', ADDRESS_REQUIRED_MESSAGE],
    ['a blank address', { address: '   ' }, 'address', ADDRESS_REQUIRED_MESSAGE],
    ['an address that is no text', { address: 42 }, 'address', ADDRESS_REQUIRED_MESSAGE],
    [
      'an over-long address',
      { address: 'x'.repeat(ADDRESS_MAX + 1) },
      'address',
      `Address must be at most ${ADDRESS_MAX} characters`,
    ],
    [
      'an over-long phone',
      { address: '1 Main St', phone: '5'.repeat(PHONE_MAX + 1) },
      'phone',
      `Phone must be at most ${PHONE_MAX} characters`,
    ],
  ])(
    'refuses %s with 400 in the one error shape and saves nothing',
    async (_l, body, field, msg) => {
      const owner = await signUp(t.app);
      const res = await save(owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { [field]: msg },
        requestId: expect.any(String),
      });
      expect(await list(owner)).toEqual([]);
    },
  );

  it('saves a structured address: normalized, its one line beside it, listed with both', async () => {
    const owner = await signUp(t.app);
    const res = await save(owner, {
      name: ' Ada Lovelace ',
      company: 'Analytical Engines',
      line1: '1 Main St',
      line2: 'Suite 4',
      city: 'Austin',
      region: 'tx',
      postalCode: '78701-1234',
      country: 'us',
      phone: '+1 512 555 0100',
    });
    expect(res.statusCode).toBe(201);
    const postal = {
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      line1: '1 Main St',
      line2: 'Suite 4',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701-1234',
      country: 'US',
      phone: '+1 512 555 0100',
    };
    expect(res.json()).toEqual({
      _id: expect.any(String),
      address: 'Analytical Engines, 1 Main St, Suite 4, Austin, TX 78701-1234, US',
      phone: '+1 512 555 0100',
      postal,
      createdAt: expect.any(String),
    });
    // A Canadian postal code typed without its space is kept in its one form.
    const canadian = await save(owner, {
      line1: '24 Sussex Dr',
      city: 'Ottawa',
      region: 'ON',
      postalCode: 'k1a0a1',
      country: 'CA',
    });
    expect(canadian.statusCode).toBe(201);
    expect(canadian.json<SavedAddress>().postal).toMatchObject({ postalCode: 'K1A 0A1', name: '' });
    expect(await list(owner)).toEqual([canadian.json(), res.json()]);
  });

  it.each([
    [
      'a US ZIP code of 4 digits',
      { line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '7870', country: 'US' },
      { postalCode: 'Postal code must look like 12345 or 12345-6789' },
    ],
    [
      'a US address without its state',
      { line1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US' },
      { region: 'Choose a state' },
    ],
    [
      'a Canadian province that is none',
      { line1: '1 Rue', city: 'Québec', region: 'XX', postalCode: 'G1R 4P5', country: 'CA' },
      { region: 'Choose a province or territory' },
    ],
    [
      'a German postal code of 4 digits',
      { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '1011', country: 'DE' },
      { postalCode: 'Postal code must be 5 digits' },
    ],
    [
      'a country that is none',
      { line1: '1 Main St', city: 'Nowhere', country: 'QQ' },
      { country: 'Choose a country' },
    ],
    [
      'a structured address without line 1 and city',
      { country: 'FR', postalCode: '75001' },
      { line1: 'Address is required', city: 'City is required' },
    ],
  ])('refuses %s with 400 and the field’s message, saving nothing', async (_l, body, fields) => {
    const owner = await signUp(t.app);
    const res = await save(owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await list(owner)).toEqual([]);
  });
});
