import { describe, expect, it } from 'vitest';
import { durationInWords } from './duration';

describe('durationInWords', () => {
  it('says a length of time in the largest unit that is exact', () => {
    expect(durationInWords(1800)).toBe('30 minutes');
    expect(durationInWords(60)).toBe('1 minute');
    expect(durationInWords(3600)).toBe('1 hour');
    expect(durationInWords(5400)).toBe('90 minutes');
    expect(durationInWords(86_400 * 3)).toBe('3 days');
    expect(durationInWords(90)).toBe('90 seconds');
    expect(durationInWords(1)).toBe('1 second');
    expect(durationInWords(3)).toBe('3 seconds');
  });
});
