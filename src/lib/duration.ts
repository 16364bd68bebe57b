import { counted } from './plural';

/**
 * A length of time in words, in the largest unit that says it exactly: 1800 → "30 minutes",
 * 7200 → "2 hours", 90 → "90 seconds". For texts that state an operator's setting (a reset link's
 * lifetime), so the words follow the setting instead of repeating its default.
 */
export function durationInWords(seconds: number): string {
  if (seconds >= 86_400 && seconds % 86_400 === 0) return counted(seconds / 86_400, 'day');
  if (seconds >= 3_600 && seconds % 3_600 === 0) return counted(seconds / 3_600, 'hour');
  if (seconds >= 60 && seconds % 60 === 0) return counted(seconds / 60, 'minute');
  return counted(seconds, 'second');
}
