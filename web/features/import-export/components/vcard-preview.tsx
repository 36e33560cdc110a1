import type { ImportEncoding } from "@shared/import-encodings";
import type { ImportPreview } from "../api";
import { EncodingSelect } from "./encoding-select";
import { PreviewFacts } from "./preview-facts";
import { SampleTable } from "./sample-table";

interface VCardPreviewProps {
  preview: ImportPreview;
  onEncodingChange: (encoding: ImportEncoding) => void;
  /** Read again in another encoding just now. */
  rereading: boolean;
}

/**
 * What the server read from a vCard file: how many cards, and the first ones as name, phone and e-mail.
 * The encoding applies to the values that do not name their own CHARSET.
 */
export function VCardPreview({ preview, onEncodingChange, rereading }: VCardPreviewProps) {
  return (
    <div className="flex flex-col gap-4" aria-busy={rereading}>
      <EncodingSelect value={preview.encoding} onChange={onEncodingChange} disabled={rereading} />
      <PreviewFacts facts={[["Contacts", preview.estimatedRows.toLocaleString()]]} />
      <SampleTable caption="First contacts of the file" columns={preview.headers} rows={preview.sample} />
    </div>
  );
}
