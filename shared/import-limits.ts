// What one uploaded file may hold: an import's CSV or vCard file, or a card a phone sends by CardDAV.
// Past any of these the file is refused with a 400 that names what and where, before anything is written
// (docs/security.md, "Uploaded files"). Each is far above what real exports hold (the widest, Outlook's
// CSV, has about 90 columns) and bounds the work one step of reading does on the request thread.

/** Contacts one import takes (rows of a CSV table, cards of a vCard file). */
export const IMPORT_MAX_CONTACTS = 100_000;

/** Columns of any CSV record, the header row included: each needs a target in the mapping. */
export const IMPORT_MAX_COLUMNS = 500;

/** Characters of one CSV record (a quote that never closes makes the rest of the file one record). */
export const IMPORT_MAX_ROW_CHARS = 100_000;

/** Bytes of one vCard property once its folded or soft-broken lines are joined: room for a photo. */
export const VCARD_MAX_LINE_BYTES = 1024 * 1024;

/** Properties (unfolded lines) of one card. */
export const VCARD_MAX_LINES = 1000;

/** Cards open inside one another (vCard 2.1's AGENT nests one card in another). */
export const VCARD_MAX_NESTING = 10;
