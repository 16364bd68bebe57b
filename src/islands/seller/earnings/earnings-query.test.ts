import { describe, expect, it } from 'vitest';
import { balanceNote, queryOf, readFilter } from './earnings-query';

describe('the earnings filter in the address', () => {
  it('reads a known kind and a page, and ignores the rest', () => {
    expect(readFilter('?kind=commission&page=3')).toEqual({ kind: 'commission', month: '', page: 3 });
    expect(readFilter('?kind=bonus&page=-1')).toEqual({ kind: '', month: '', page: 1 });
    expect(readFilter('?kind=refund')).toEqual({ kind: '', month: '', page: 1 });
    expect(readFilter('?month=2026-11')).toEqual({ kind: '', month: '2026-11', page: 1 });
    expect(readFilter('?month=2026-13')).toEqual({ kind: '', month: '', page: 1 });
    expect(readFilter('?month=November')).toEqual({ kind: '', month: '', page: 1 });
    expect(readFilter('')).toEqual({ kind: '', month: '', page: 1 });
  });

  it('writes only what differs from the default', () => {
    expect(queryOf({ kind: '', month: '', page: 1 })).toBe('');
    expect(queryOf({ kind: 'sale', month: '', page: 2 })).toBe('?kind=sale&page=2');
    expect(queryOf({ kind: 'sale', month: '2026-11', page: 1 })).toBe('?kind=sale&month=2026-11');
    const filter = { kind: 'release', month: '2026-10', page: 4 } as const;
    expect(readFilter(queryOf(filter))).toEqual(filter);
  });
});

describe('a balance card', () => {
  it('says a negative balance is owed, carried over', () => {
    expect(balanceNote(-6.9, 'available')).toMatch(/^You owe this/);
    expect(balanceNote(12, 'pending')).toMatch(/return window/);
    expect(balanceNote(0, 'paidOut')).toMatch(/bank account/);
    expect(balanceNote(5, 'inTransit')).toMatch(/bank to confirm/);
  });
});
