import { FileSpreadsheet, LoaderCircle, Smartphone } from "lucide-react";
import { useRef } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { cn } from "@/lib/utils";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFileImport } from "../hooks/use-file-import";
import { DropZone } from "./drop-zone";
import { FilePreviewStep } from "./file-preview-step";
import { ImportProgress } from "./import-progress";
import { ImportSummary } from "./import-summary";
import { TemplateButton } from "./template-button";

const KINDS = {
  csv: {
    title: "CSV Import",
    description: "Contacts from a spreadsheet or another app's export (Google, Outlook, Apple, Thunderbird...).",
    icon: FileSpreadsheet,
    label: "CSV file",
    extension: ".csv",
    accept: ".csv,text/csv",
    again: "Import Another CSV",
  },
  vcard: {
    title: "iPhone vCard (.vcf)",
    description: "Contacts exported as a .vcf file from iPhone, iCloud, Android or Outlook.",
    icon: Smartphone,
    label: "vCard file",
    extension: ".vcf",
    accept: ".vcf,text/vcard,text/x-vcard",
    again: "Import Another vCard",
  },
} as const;

/** The CSV card and the vCard card: choose or drop a file, check the preview, import, read the summary. */
export function FileImportCard({ kind, orgId }: { kind: keyof typeof KINDS; orgId: string }) {
  const k = KINDS[kind];
  const input = useRef<HTMLInputElement>(null);
  const flow = useFileImport(orgId);
  const { phase } = flow;
  const browse = () => input.current?.click();

  return (
    // A card at work (preview, progress, summary) takes the panel's whole width for its tables.
    <Card className={cn("gap-4", phase.name !== "idle" && "lg:col-span-2")}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <k.icon aria-hidden="true" className="size-5" />
          {k.title}
        </CardTitle>
        <CardDescription>{k.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* Kept mounted in every step, so 'Import Another' can open the chooser at once. */}
        <input
          ref={input}
          type="file"
          accept={k.accept}
          aria-label={`Choose a ${k.label}`}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void flow.chooseFile(file);
          }}
        />
        {flow.error && (
          <Alert variant="destructive">
            <AlertDescription>{flow.error}</AlertDescription>
          </Alert>
        )}
        {phase.name === "idle" && (
          <>
            <DropZone label={k.label} extension={k.extension} onFile={(file) => void flow.chooseFile(file)} onBrowse={browse} />
            {kind === "csv" && <TemplateButton />}
          </>
        )}
        {phase.name === "reading" && (
          <p role="status" className="flex items-center gap-2 text-sm break-all">
            <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
            Reading {phase.file.name}...
          </p>
        )}
        {phase.name === "preview" && (
          <FilePreviewStep
            choices={phase}
            mode={flow.mode}
            onModeChange={flow.setMode}
            onChoicesChange={flow.updateChoices}
            onEncodingChange={(encoding) => void flow.changeEncoding(encoding)}
            onImport={() => void flow.start()}
            onCancel={flow.reset}
          />
        )}
        {phase.name === "importing" && <ImportProgress percent={phase.percent} />}
        {phase.name === "summary" && (
          <ImportSummary
            key={phase.run.id}
            orgId={orgId}
            run={phase.run}
            againLabel={k.again}
            onAgain={() => {
              flow.reset();
              browse();
            }}
            onDone={flow.reset}
            onRunChange={flow.showRun}
          />
        )}
      </CardContent>
    </Card>
  );
}
