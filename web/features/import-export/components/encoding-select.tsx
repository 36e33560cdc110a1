import { useId } from "react";
import { IMPORT_ENCODINGS, IMPORT_ENCODING_LABELS, type ImportEncoding } from "@shared/import-encodings";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

const OPTIONS = IMPORT_ENCODINGS.map((value) => ({ value, label: IMPORT_ENCODING_LABELS[value] }));

interface EncodingSelectProps {
  value: ImportEncoding;
  onChange: (encoding: ImportEncoding) => void;
  disabled?: boolean | undefined;
}

/** The encoding the file is read in: detected by the server, changed here when names come out garbled. */
export function EncodingSelect({ value, onChange, disabled }: EncodingSelectProps) {
  const id = useId();
  const hint = useId();
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-sm">
      <Label htmlFor={id}>Encoding</Label>
      <NativeSelect
        id={id}
        aria-describedby={hint}
        value={value}
        disabled={disabled}
        options={OPTIONS}
        onChange={(event) => onChange(event.target.value as ImportEncoding)}
      />
      <p id={hint} className="text-xs text-muted-foreground">
        If names look garbled below, choose the encoding the file was saved in.
      </p>
    </div>
  );
}
