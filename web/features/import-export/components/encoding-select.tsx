import { useId } from "react";
import { IMPORT_ENCODINGS, IMPORT_ENCODING_LABELS, type ImportEncoding } from "@shared/import-encodings";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";

const OPTIONS = IMPORT_ENCODINGS.map((value) => ({ value, label: IMPORT_ENCODING_LABELS[value] }));

interface EncodingSelectProps {
  value: ImportEncoding;
  onChange: (encoding: ImportEncoding) => void;
  disabled?: boolean | undefined;
}

/** The encoding the file is read in: detected by the server, changed here when names come out garbled. */
export function EncodingSelect({ value, onChange, disabled }: EncodingSelectProps) {
  return (
    <FormField
      id={useId()}
      label="Encoding"
      description="If names look garbled below, choose the encoding the file was saved in."
      className="sm:max-w-sm"
    >
      <NativeSelect
        value={value}
        disabled={disabled}
        options={OPTIONS}
        onChange={(event) => onChange(event.target.value as ImportEncoding)}
      />
    </FormField>
  );
}
