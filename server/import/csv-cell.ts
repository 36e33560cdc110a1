// CSV injection (OWASP): a spreadsheet runs a cell that begins with =, +, -, @, tab or carriage return
// as a formula. Such cells are written with a leading apostrophe, which spreadsheets show as text.
export const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The value a cell written by csvCell (ours, or a spreadsheet's text marker) stands for: the apostrophe
 * before a formula character comes off, so an exported '+1 555 0100 imports as +1 555 0100; a cell
 * wrapped as a text formula (="+1 555 0100") is its text.
 */
export function csvCellValue(cell: string): string {
  if (cell.startsWith("'") && FORMULA_START.test(cell.slice(1))) return cell.slice(1);
  // ="0049 30 1234567": exporters that keep Excel from turning a number's text into a number write a
  // formula that yields the text. Never run, of course: the text is what the cell means.
  const text = cell.startsWith("=") ? EXCEL_TEXT.exec(cell) : null;
  return text ? text[1]!.replace(/""/g, '"') : cell;
}

const EXCEL_TEXT = /^="((?:[^"]|"")*)"$/;
