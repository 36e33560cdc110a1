/**
 * Phone numbers a spreadsheet turned into numbers. Excel reads '+44 7700 900123' as 447700900123 and
 * shows, and saves to CSV, '4.47701E+11': the last digits are gone. Imported as they are, such cells
 * passed as phone numbers (their digits '44770111' are eight) and wrote a wrong number.
 */
const SCIENTIFIC = /^(\d)(?:[.,](\d+))?E\+?(\d{1,2})$/i;

export type SpreadsheetPhone = { ok: true; value: string } | { ok: false; message: string };

/**
 * A phone cell as a spreadsheet may have written it: in scientific notation with every digit kept
 * ('4.47700900123E+11'), the international number ('+447700900123'); with digits lost, a reason the row is refused; else unchanged.
 */
export function phoneFromSpreadsheet(value: string): SpreadsheetPhone {
  const match = SCIENTIFIC.exec(value.trim());
  if (!match) return { ok: true, value };
  const [, lead, fraction = "", exponent] = match;
  // Excel writes 12 digits or more so; numbers that long begin with their country code, whose '+' it dropped.
  if (fraction.length === Number(exponent)) return { ok: true, value: `+${lead}${fraction}` };
  return {
    ok: false,
    message: `The phone number ${value.trim()} was shortened by a spreadsheet; format the column as text and export the file again`,
  };
}
