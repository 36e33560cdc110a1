import { IMPORT_ACCEPTED, IMPORT_MAX_BYTES_DEFAULT } from "@shared/import-schemas";

// The server's own messages (it checks again, by content as well as by name).
export const UNSUPPORTED_FILE = "Only .csv and .vcf files can be imported";
export const FILE_TOO_LARGE = "File is too large (max 10MB)";

/** Checks a chosen or dropped file before it is sent: its name's extension and its size. */
export function checkImportFile(file: Pick<File, "name" | "size">, maxBytes = IMPORT_MAX_BYTES_DEFAULT): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_ACCEPTED.some((extension) => name.endsWith(extension))) return UNSUPPORTED_FILE;
  if (file.size > maxBytes) return FILE_TOO_LARGE;
  return null;
}
