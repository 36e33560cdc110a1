import type { ImportEncoding } from "@shared/import-encodings";
import type { ImportMode } from "@shared/import-schemas";
import { Button } from "@/components/ui/button";
import type { PreviewChoices } from "../hooks/use-file-import";
import { mapsAPhone } from "../lib/csv-layout";
import { CsvPreview } from "./csv-preview";
import { ImportMatches } from "./import-matches";
import { ImportModeChoice } from "./import-mode-choice";
import { LabelsAsGroupsChoice } from "./labels-as-groups-choice";
import { VCardPreview } from "./vcard-preview";

interface FilePreviewStepProps {
  choices: PreviewChoices;
  mode: ImportMode;
  onModeChange: (mode: ImportMode) => void;
  onChoicesChange: (change: Partial<Pick<PreviewChoices, "hasHeader" | "mapping" | "labelsAsGroups" | "excluded">>) => void;
  onEncodingChange: (encoding: ImportEncoding) => void;
  onImport: () => void;
  onCancel: () => void;
}

/** Between choosing a file and importing it: what the server read, the mapping, the duplicate rule. */
export function FilePreviewStep({
  choices,
  mode,
  onModeChange,
  onChoicesChange,
  onEncodingChange,
  onImport,
  onCancel,
}: FilePreviewStepProps) {
  const { file, preview } = choices;
  const rereading = choices.rereading ?? false;
  const csv = preview.format === "csv";
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium break-all">{file.name}</p>
      {csv ? (
        <CsvPreview
          preview={preview}
          hasHeader={choices.hasHeader}
          mapping={choices.mapping}
          onHasHeaderChange={(hasHeader) => onChoicesChange({ hasHeader })}
          onMappingChange={(mapping) => onChoicesChange({ mapping })}
          onEncodingChange={onEncodingChange}
          rereading={rereading}
        />
      ) : (
        <VCardPreview preview={preview} onEncodingChange={onEncodingChange} rereading={rereading} />
      )}
      <LabelsAsGroupsChoice
        names={preview.categories}
        checked={choices.labelsAsGroups}
        onChange={(labelsAsGroups) => onChoicesChange({ labelsAsGroups })}
      />
      <ImportMatches
        matches={preview.matches}
        count={preview.matchCount}
        excluded={choices.excluded}
        onExcludedChange={(excluded) => onChoicesChange({ excluded })}
      />
      <ImportModeChoice value={mode} onChange={onModeChange} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onImport} disabled={rereading || (csv && !mapsAPhone(choices.mapping))}>
          Import
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
