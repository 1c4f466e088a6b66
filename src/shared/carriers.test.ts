import { describe, expect, it } from 'vitest';
import { CARRIER_IDS, carrierName, trackingUrl } from './carriers.ts';
import { TrackingSchema } from './shipment.ts';

describe('carriers and their tracking pages', () => {
  it('lists the carriers of the issue, "Other" last', () => {
    expect(CARRIER_IDS.map(carrierName)).toEqual([
      'UPS',
      'FedEx',
      'USPS',
      'DHL Express',
      'DPD',
      'Royal Mail',
      'Canada Post',
      'Australia Post',
      'La Poste/Colissimo',
      'Deutsche Post DHL',
      'Other',
    ]);
  });

  it("builds each carrier's https link with the number in it, and none for Other", () => {
    for (const carrier of CARRIER_IDS.filter((id) => id !== 'other')) {
      const url = new URL(trackingUrl(carrier, 'AB-123')!);
      expect(url.protocol, carrier).toBe('https:');
      expect(url.href, carrier).toContain('AB-123');
    }
    expect(trackingUrl('ups', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('other', 'AB-123')).toBeNull();
  });

  it('encodes the number, so no number can change the link', () => {
    expect(trackingUrl('ups', 'A B&x=1/#y')).toBe(
      'https://www.ups.com/track?tracknum=A%20B%26x%3D1%2F%23y',
    );
    expect(trackingUrl('dpd', '../../x')).toBe(
      'https://tracking.dpd.de/status/en_US/parcel/..%2F..%2Fx',
    );
  });

  it('takes 1 to 40 letters, digits or dashes as a tracking number', () => {
    const ok = (trackingNumber: string) =>
      TrackingSchema.safeParse({ carrier: 'ups', trackingNumber }).success;
    expect(ok('1Z999AA1-0123')).toBe(true);
    expect(ok(' 1Z999 ')).toBe(true);
    expect(ok('A'.repeat(40))).toBe(true);
    expect(ok('A'.repeat(41))).toBe(false);
    expect(ok('')).toBe(false);
    expect(ok('1Z 999')).toBe(false);
    expect(ok('1Z_999')).toBe(false);
    expect(ok('ÄB1')).toBe(false);
  });
});
