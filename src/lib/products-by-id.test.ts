import { describe, expect, it } from 'vitest';
import { PRODUCT_IDS_PER_CALL } from './catalog';
import { productIdBatches } from './products-by-id';

describe('productIdBatches', () => {
  it('asks for each id once, at most PRODUCT_IDS_PER_CALL a call', () => {
    const ids = Array.from({ length: 250 }, (_, i) => `p${i % 230}`);
    const batches = productIdBatches(ids);
    expect(batches.map((b) => b.length)).toEqual([PRODUCT_IDS_PER_CALL, PRODUCT_IDS_PER_CALL, 30]);
    expect(new Set(batches.flat()).size).toBe(230);
    expect(productIdBatches([])).toEqual([]);
  });
});
