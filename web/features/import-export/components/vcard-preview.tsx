import type { ImportPreview } from "../api";
import { PreviewFacts } from "./preview-facts";
import { SampleTable } from "./sample-table";

/** What the server read from a vCard file: how many cards, and the first ones as name, phone and e-mail. */
export function VCardPreview({ preview }: { preview: ImportPreview }) {
  return (
    <div className="flex flex-col gap-4">
      <PreviewFacts
        facts={[
          ["Encoding", preview.encoding.toUpperCase()],
          ["Contacts", preview.estimatedRows.toLocaleString()],
        ]}
      />
      <SampleTable caption="First contacts of the file" columns={preview.headers} rows={preview.sample} />
    </div>
  );
}
