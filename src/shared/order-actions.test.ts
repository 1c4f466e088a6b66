import { describe, expect, it } from 'vitest';
import { orderActions } from './order-actions.ts';

const now = new Date('2026-11-23T10:00:00.000Z');
const later = '2026-11-24T10:00:00.000Z';
const earlier = '2026-11-22T10:00:00.000Z';

describe('orderActions', () => {
  it('an unpaid pending order within its hold can be paid and cancelled, not shipped', () => {
    expect(orderActions({ stat: 'pending', paid: false, reservedUntil: later }, now)).toEqual({
      canPay: true,
      canCancel: true,
      canShip: false,
      canDownloadReceipt: false,
    });
  });

  it('past its hold it can no longer be paid (the server expires it)', () => {
    expect(
      orderActions({ stat: 'pending', paid: false, reservedUntil: earlier }, now),
    ).toMatchObject({ canPay: false, canCancel: true });
  });

  it('a paid pending order can be shipped and has a receipt; it cannot be paid or cancelled', () => {
    expect(orderActions({ stat: 'pending', paid: true, reservedUntil: null }, now)).toEqual({
      canPay: false,
      canCancel: false,
      canShip: true,
      canDownloadReceipt: true,
    });
  });

  it('shipped, cancelled and expired orders allow nothing but a paid one its receipt', () => {
    expect(orderActions({ stat: 'shipped', paid: true }, now)).toEqual({
      canPay: false,
      canCancel: false,
      canShip: false,
      canDownloadReceipt: true,
    });
    for (const stat of ['cancelled', 'expired'] as const)
      expect(orderActions({ stat, paid: false }, now)).toEqual({
        canPay: false,
        canCancel: false,
        canShip: false,
        canDownloadReceipt: false,
      });
  });
});
