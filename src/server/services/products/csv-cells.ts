/**
 * A CSV cell as a spreadsheet opens it (docs/decisions/016). A text cell starting with = + - @,
 * a tab or a carriage return is run as a formula by Excel, LibreOffice and Google Sheets (CSV
 * injection); OWASP's defence is a leading single quote, which they show as text and drop. The
 * import takes that quote off again, so an export imports back exactly.
 *
 * The quote goes on when the text starts with any number of quotes and then a formula sign, not
 * only a formula sign: text that already starts with `'=` is written `''=` and read back `'=`.
 * Without that, `'=x` would be written as it is and read back as `=x`.
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;

/** A text value as the export writes it: a spreadsheet shows it and never runs it. */
export function asSpreadsheetText(value: string): string {
  return NEEDS_QUOTE.test(value) ? `'${value}` : value;
}

/** A text cell as the import reads it: the one quote the export (or a person) put before a formula sign, taken off. */
export function fromSpreadsheetText(cell: string): string {
  return cell.startsWith("'") && NEEDS_QUOTE.test(cell.slice(1)) ? cell.slice(1) : cell;
}

// Control characters (C0, DEL, C1). A description may hold line breaks and tabs; every other
// column is one line. NUL has its own words: PostgreSQL text cannot hold it at all.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n]/u;

/** Why a cell of `column` cannot be taken as text, or undefined. */
export function controlProblem(column: string, cell: string, multiline: boolean): string | undefined {
  if (cell.includes('\u0000')) return `${column} must not contain a NUL character`;
  if (multiline)
    return CONTROL_BUT_LINES.test(cell)
      ? `${column} must not contain control characters (line breaks and tabs are fine)`
      : undefined;
  return CONTROL.test(cell) ? `${column} must be one line, without tabs or other control characters` : undefined;
}
