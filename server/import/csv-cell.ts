// CSV injection (OWASP): a spreadsheet runs a cell that begins with =, +, -, @, tab or carriage return
// as a formula. Such cells are written with a leading apostrophe, which spreadsheets show as text.
export const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The value a cell written by csvCell (ours, or a spreadsheet's text marker) stands for: the apostrophe
 * before a formula character comes off, so an exported '+1 555 0100 imports as +1 555 0100.
 */
export function csvCellValue(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
