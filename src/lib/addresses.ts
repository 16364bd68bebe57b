import type { Address, AddressInput } from './contract/addresses';
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

/**
 * A checkout address as an address book entry (the checkout's "Save this address to my address
 * book"): labelled with whom it is for, the street as its first line.
 */
export function addressBookEntryFrom(shipping: ShippingAddress): AddressInput {
  return {
    label: shipping.name.trim().slice(0, 60) || 'Delivery address',
    line1: shipping.street,
    town: shipping.city,
    parish: shipping.parish as AddressInput['parish'],
    ...(shipping.zipCode ? { postalZone: shipping.zipCode } : {}),
    country: shipping.country || 'Jamaica',
    ...(shipping.phone ? { phone: shipping.phone } : {}),
  };
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Whether the address book already holds this place (the label and the recipient aside). */
export function inAddressBook(book: readonly Address[], shipping: ShippingAddress): boolean {
  return book.some((saved) => {
    const known = shippingAddressFrom(saved, shipping.name);
    return (['street', 'city', 'parish', 'zipCode', 'country', 'phone'] as const).every((field) =>
      same(known[field], shipping[field]),
    );
  });
}
