import { describe, expect, it } from 'vitest';
import { StatementParams, statementFormatOf } from './statements';

describe('a statement’s month and format', () => {
  it('takes a month as YYYY-MM only', () => {
    expect(StatementParams.safeParse({ month: '2026-11' }).success).toBe(true);
    for (const month of ['2026-13', '2026-00', '2026-1', 'november', '2026-11-01', ''])
      expect(StatementParams.safeParse({ month }).success, month).toBe(false);
  });

  it('is ?format= first, else the Accept header, else JSON', () => {
    expect(statementFormatOf('pdf', 'text/csv')).toBe('pdf');
    expect(statementFormatOf(undefined, 'text/csv')).toBe('csv');
    expect(statementFormatOf(undefined, 'application/pdf, */*')).toBe('pdf');
    expect(statementFormatOf(undefined, 'application/json')).toBe('json');
    expect(statementFormatOf(undefined, '*/*')).toBe('json');
    expect(statementFormatOf(undefined, undefined)).toBe('json');
  });
});
