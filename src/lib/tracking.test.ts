import { describe, expect, it } from 'vitest';
import { trackingUrl } from './tracking';

describe('trackingUrl', () => {
  it("links the couriers with a known tracking page, by the first word of the courier's name", () => {
    expect(trackingUrl('DHL Express', ' 1234567890 ')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890',
    );
    expect(trackingUrl('FedEx International Priority', '7946 1234')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=7946%201234',
    );
    expect(trackingUrl('Federal Express', 'A1')).toBe('https://www.fedex.com/fedextrack/?trknbr=A1');
    expect(trackingUrl('ups ground', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('USPS', '9400&x=1')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%26x%3D1');
  });

  it('leaves the number as text for couriers without one, and without a number', () => {
    for (const courier of [
      'Knutsford Express',
      'Zipmail',
      'JAMPOST',
      'Jamaica Post',
      'Bike courier',
      'Pickups',
      '',
      null,
    ])
      expect(trackingUrl(courier, 'KE-123'), String(courier)).toBeNull();
    expect(trackingUrl('DHL', '  ')).toBeNull();
    expect(trackingUrl('DHL', null)).toBeNull();
  });
});
