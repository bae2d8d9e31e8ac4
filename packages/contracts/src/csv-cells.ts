/**
 * Formula injection (OWASP "CSV Injection"): a spreadsheet opening a CSV runs a cell that starts
 * with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(...)`, `-2+3+cmd|' /C calc'!A0`), and a
 * leading tab or carriage return can hide such a start. Every CSV the product writes, on the
 * server and in the browser, passes its text cells through `neutraliseCsvCell`.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A plain decimal number ("-5", "+91", "3.5"): the spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * The cell as written to a CSV: text starting like a formula gets a leading `'`, which
 * spreadsheets take as "text follows" and show as the text itself. Text already starting with
 * quotes before such a character gets one more, so `restoreCsvCell` gives back exactly the text.
 * Plain numbers, signed or not, stay as they are: a spreadsheet reads "-5" as the number -5,
 * never as a formula, and a quote would turn it into text.
 */
export function neutraliseCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * A cell of an uploaded CSV as the person meant it: the `'` that `neutraliseCsvCell` put before a
 * formula-like start is taken off again, so a file the product wrote (failed rows to fix and send
 * again) reads back as it was. Other cells are as they came.
 */
export function restoreCsvCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value) ? value.slice(1) : value;
}
