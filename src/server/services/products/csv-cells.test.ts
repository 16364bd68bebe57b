import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asSpreadsheetText, controlProblem, fromSpreadsheetText } from './csv-cells';

/** Text built mostly from the characters that matter here, so the property meets them often. */
const tricky = fc
  .array(fc.oneof(fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', ' ', 'a', '1'), fc.string({ maxLength: 3 })), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

describe('a text cell as a spreadsheet opens it', () => {
  it('never starts with a formula sign once written, and reads back exactly', () => {
    fc.assert(
      fc.property(tricky, (value) => {
        const cell = asSpreadsheetText(value);
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        expect(fromSpreadsheetText(cell)).toBe(value);
      }),
      { numRuns: 5000 },
    );
  });

  it('quotes formula signs, and quotes before them, and nothing else', () => {
    expect(asSpreadsheetText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(asSpreadsheetText('\tx')).toBe("'\tx");
    expect(asSpreadsheetText("'=x")).toBe("''=x");
    expect(asSpreadsheetText("'x")).toBe("'x");
    expect(asSpreadsheetText("It's = fine")).toBe("It's = fine");
    expect(fromSpreadsheetText("'x")).toBe("'x");
    expect(fromSpreadsheetText("'-2")).toBe('-2');
  });
});

describe('control characters in a cell', () => {
  it('refuses NUL everywhere, line breaks and tabs only outside a description', () => {
    expect(controlProblem('name', 'a\u0000b', false)).toBe('name must not contain a NUL character');
    expect(controlProblem('description', 'a\u0000b', true)).toBe('description must not contain a NUL character');
    expect(controlProblem('description', 'two\nlines\tand a tab', true)).toBeUndefined();
    expect(controlProblem('description', 'bell\u0007', true)).toContain('control characters');
    for (const c of ['\n', '\t', '\u0007', '\u007f', '\u0085'])
      expect(controlProblem('name', `a${c}b`, false), JSON.stringify(c)).toContain('one line');
    expect(controlProblem('name', 'Café — ☕', false)).toBeUndefined();
  });
});
