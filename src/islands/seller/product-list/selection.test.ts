import { describe, expect, it } from 'vitest';
import { allChosen, allOrNone, toggled } from './selection';

describe('the ticked products', () => {
  it('ticks and unticks one without changing the set it was given', () => {
    const before = new Set(['a']);
    expect([...toggled(before, 'b')].sort()).toEqual(['a', 'b']);
    expect([...toggled(before, 'a')]).toEqual([]);
    expect([...before]).toEqual(['a']);
  });

  it('is "all" only when every product on the page is ticked, never on an empty page', () => {
    expect(allChosen(['a', 'b'], new Set(['a', 'b', 'z']))).toBe(true);
    expect(allChosen(['a', 'b'], new Set(['a']))).toBe(false);
    expect(allChosen([], new Set())).toBe(false);
  });

  it('"Select all" ticks the whole page, or none when all were ticked', () => {
    expect([...allOrNone(['a', 'b'], new Set(['a']))]).toEqual(['a', 'b']);
    expect([...allOrNone(['a', 'b'], new Set(['a', 'b']))]).toEqual([]);
    // Ticks from another page are dropped: the bulk edit changes only what is shown.
    expect([...allOrNone(['a'], new Set(['z']))]).toEqual(['a']);
  });
});
