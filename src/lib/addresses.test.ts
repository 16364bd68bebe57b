import { describe, expect, it } from 'vitest';
import { shippingAddressFrom } from './addresses';
import type { Address } from './contract/addresses';

const saved: Address = {
  id: 'a1',
  label: 'Home',
  line1: '14 Hope Road',
  line2: 'Apt 2',
  town: 'Kingston',
  parish: 'St. Andrew',
  postalZone: 'Kingston 6',
  country: 'Jamaica',
  phone: '876-555-0100',
  isDefault: true,
};

describe('a saved address as a shipping address', () => {
  it('says street, city and zipCode for line 1 and 2, town and postal zone', () => {
    expect(shippingAddressFrom(saved, 'Tanisha Campbell')).toEqual({
      name: 'Tanisha Campbell',
      phone: '876-555-0100',
      street: '14 Hope Road, Apt 2',
      city: 'Kingston',
      parish: 'St. Andrew',
      zipCode: 'Kingston 6',
      country: 'Jamaica',
    });
  });

  it('leaves out what the book does not have, and ships to Jamaica by default', () => {
    const bare = { ...saved, line2: null, postalZone: null, phone: null, country: '' };
    expect(shippingAddressFrom(bare, 'T')).toEqual({
      name: 'T',
      street: '14 Hope Road',
      city: 'Kingston',
      parish: 'St. Andrew',
      country: 'Jamaica',
    });
  });
});
