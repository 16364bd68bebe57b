import type { Address } from './contract/addresses';
import type { ShippingAddress } from './contract/checkout';

/**
 * A Jamaican address has two vocabularies here, each kept where it belongs: the address book
 * (`/users/addresses`, table `addresses`) says line1, line2, town and postalZone, as Jamaican
 * forms do; a shipping address (a cart's or an order's, spec §3) says street, city and zipCode,
 * as the spec's API does. Neither wire format changes; this is the one place where a saved
 * address becomes a shipping address.
 */
export function shippingAddressFrom(saved: Address, name: string): ShippingAddress {
  return {
    name,
    ...(saved.phone ? { phone: saved.phone } : {}),
    street: [saved.line1, saved.line2].filter(Boolean).join(', '),
    city: saved.town,
    parish: saved.parish,
    ...(saved.postalZone ? { zipCode: saved.postalZone } : {}),
    country: saved.country || 'Jamaica',
  };
}
