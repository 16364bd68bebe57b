import { z } from 'zod';
import { PARISHES } from '../catalog';
import { singleLine } from './single-line';

/** Spec §8 address-book texts. */
export const ADDRESS_TEXT = {
  required: 'Please fill in all required fields',
  added: 'Shipping address added successfully',
  updated: 'Shipping address updated successfully',
  removed: 'Shipping address removed',
  defaulted: 'Default shipping address updated',
  notFound: 'Address not found',
} as const;

const required = (max: number, label: string) =>
  singleLine(z.string({ error: ADDRESS_TEXT.required }).trim().min(1, ADDRESS_TEXT.required).max(max), label);
const optional = (max: number, label: string) =>
  singleLine(z.string().trim().max(max), label)
    .optional()
    .transform((v) => v || null);

/**
 * A Jamaican address (deviation from the spec's State/ZIP form): a label, line 1 (a street or a
 * district, no house number needed), optional line 2, town, one of the 14 parishes, an optional
 * postal zone (e.g. "Kingston 10"), country Jamaica by default.
 */
export const AddressInput = z.object({
  label: required(60, 'Address name'),
  line1: required(120, 'Address line 1'),
  line2: optional(120, 'Address line 2'),
  town: required(80, 'Town'),
  parish: z.enum(PARISHES, { error: ADDRESS_TEXT.required }),
  postalZone: optional(40, 'Postal zone'),
  country: singleLine(z.string().trim().max(60), 'Country')
    .optional()
    .transform((v) => v || 'Jamaica'),
  phone: optional(30, 'Phone'),
});
export type AddressInput = z.input<typeof AddressInput>;

export const Address = z
  .object({
    id: z.string(),
    label: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    town: z.string(),
    parish: z.string(),
    postalZone: z.string().nullable(),
    country: z.string(),
    phone: z.string().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;
export const AddressList = z.object({ addresses: z.array(Address) }).meta({ id: 'AddressList' });
