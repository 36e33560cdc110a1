// CSV injection (OWASP): a spreadsheet runs a cell that begins with =, +, -, @, tab or carriage return
// as a formula. Such cells are written with a leading apostrophe, which spreadsheets show as text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
