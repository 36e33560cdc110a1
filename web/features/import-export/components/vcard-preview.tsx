import type { ImportEncoding } from "@shared/import-encodings";
import type { ImportPreview } from "../api";
import { EncodingSelect } from "./encoding-select";
import { PreviewFacts } from "./preview-facts";
import { StoredContactsTable } from "./stored-contacts-table";

interface VCardPreviewProps {
  preview: ImportPreview;
  onEncodingChange: (encoding: ImportEncoding) => void;
  /** Read again in another encoding just now. */
  rereading: boolean;
}

/**
 * What the server read from a vCard file: how many cards, and the first ones as they will be stored
 * (every phone, e-mail and address, what else they keep and what is left out).
 * The encoding applies to the values that do not name their own CHARSET.
 */
export function VCardPreview({ preview, onEncodingChange, rereading }: VCardPreviewProps) {
  return (
    <div className="flex flex-col gap-4" aria-busy={rereading}>
      <EncodingSelect value={preview.encoding} onChange={onEncodingChange} disabled={rereading} />
      <PreviewFacts facts={[["Contacts", preview.estimatedRows.toLocaleString()]]} />
      <StoredContactsTable contacts={preview.contacts} />
    </div>
  );
}
