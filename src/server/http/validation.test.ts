import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, validationError } from './validation';

const fail = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return validationError(result.error);
};

describe('validationError', () => {
  it("gives the contract's own sentence without the raw field name", () => {
    const error = fail(z.object({ email: z.email('Please enter a valid email address.') }), { email: 'x@@y' });
    expect(error.message).toBe('Please enter a valid email address.');
    expect(error.status).toBe(400);
  });

  it("leads zod's generic wording with a readable field name; keys every field by its path", () => {
    const error = fail(z.object({ shippingAddress: z.object({ zipCode: z.string() }) }), { shippingAddress: {} });
    expect(error.message).toMatch(/^Shipping address zip code: Invalid input/);
    expect(JSON.stringify(error)).toContain('shippingAddress.zipCode');
  });

  it('names list positions from one', () => {
    expect(fieldLabel(['items', 0, 'quantity'])).toBe('Items 1 quantity');
  });
});
