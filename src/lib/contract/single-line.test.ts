import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isSingleLine, singleLine, singleLineMessage, toSingleLine } from './single-line';

describe('singleLine', () => {
  const name = singleLine(z.string().trim().min(1).max(20), 'Store name');

  it.each([
    ['LF', 'Eve\nBcc: x'],
    ['CR', 'Eve\rx'],
    ['TAB', 'Eve\tx'],
    ['BEL', 'Eve\u0007'],
    ['ESC', '\u001b[31mred'],
    ['DEL', 'Eve\u007f'],
    ['C1 NEL', 'Eve\u0085x'],
    ['C1 CSI', 'Eve\u009bx'],
  ])('refuses %s, naming the label', (_what, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Store name can't contain line breaks or control characters");
  });

  it('takes ordinary text, accents, emoji and a comma; trims a line break at an end', () => {
    expect(name.parse('Café Négril, Ltd 🌴')).toBe('Café Négril, Ltd 🌴');
    expect(name.parse('  Negril Gems\n')).toBe('Negril Gems');
    expect(isSingleLine('non\u00a0breaking')).toBe(true);
  });

  it('keeps the other checks and their messages', () => {
    expect(name.safeParse('x'.repeat(21)).success).toBe(false);
    expect(singleLineMessage('Town')).toBe("Town can't contain line breaks or control characters");
  });
});

describe('toSingleLine', () => {
  it('turns runs of control characters into one space', () => {
    expect(toSingleLine('Eve\r\n\tBell\u0085 ')).toBe('Eve Bell');
  });
});
