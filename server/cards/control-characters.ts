// C0 control characters but tab, line feed and carriage return, DEL and the C1 controls: never text a
// person wrote (C1 controls are what a Windows-1252 file read as Latin-1 shows for its curly quotes).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Text read from a file without its control characters: a NUL (a stray byte deep in a CSV file, or
 * `=00` in a quoted-printable vCard value) cannot be stored in PostgreSQL text, and one such value
 * failed its whole batch; the others would only be invisible garbage in a name or a note.
 */
export const withoutControlCharacters = (text: string) => text.replace(CONTROL_CHARACTERS, "");
