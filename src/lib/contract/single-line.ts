import type { z } from 'zod';

/*
 * One home for what a single line of text may hold (issue 24). A name, a town, a title or a courier
 * ends up in mail headers, PDF lines, CSV cells and page titles, where a line break or another
 * control character splits, hides or forges what follows. Multi-line text (descriptions, messages)
 * keeps its line breaks and is not checked here.
 */

/** C0 controls (TAB, LF and CR among them), DEL and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f]+/g;

export const singleLineMessage = (label: string) => `${label} can't contain line breaks or control characters`;

/** Whether text fits on one line: no control character at all. */
export const isSingleLine = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * A single-line field: refuses any control character with a message naming the field's label
 * ("Store name can't contain line breaks or control characters"). Put it after `.trim()`, so a
 * line break pasted at an end is trimmed rather than refused.
 */
export function singleLine<T extends z.ZodType<string>>(schema: T, label: string): T {
  return schema.refine(isSingleLine, singleLineMessage(label));
}

/**
 * Text from elsewhere that must become one line and cannot be refused (the display name a sign-in
 * provider knows): each run of control characters becomes a space.
 */
export const toSingleLine = (value: string) =>
  value
    .replace(CONTROL_RUNS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
