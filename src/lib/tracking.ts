/**
 * Where a buyer follows a parcel: the courier's own tracking page, for the couriers whose page takes
 * the tracking number in its address in a form we can vouch for. The Jamaican couriers the sample
 * stores use (Knutsford Express, Zipmail, JAMPOST / Jamaica Post) publish no such address: their
 * tracking numbers stay plain text, as does any courier not named here.
 */
const TRACKING_PAGES: Partial<Record<string, (number: string) => string>> = {
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
};

/** Other spellings sellers type for the same courier, by the first word of its name. */
const ALIASES: Record<string, string> = { federal: 'fedex' };

/**
 * The courier's tracking page for this number, or null. A courier is known by the first word of
 * its name as the seller typed it ("DHL Express", "FedEx International Priority", "UPS Ground").
 */
export function trackingUrl(
  courier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const number = trackingNumber?.trim();
  const first =
    courier
      ?.trim()
      .toLowerCase()
      .split(/[^a-z0-9]+/)[0] ?? '';
  const page = TRACKING_PAGES[ALIASES[first] ?? first];
  return page && number ? page(encodeURIComponent(number)) : null;
}
