import { useId } from "react";
import { IMPORT_MODES, IMPORT_MODE_LABELS, type ImportMode } from "@shared/import-schemas";

/** Asked once per run: what to do with a row that matches a contact (a shared phone or e-mail, and the name). */
export function ImportModeChoice({ value, onChange }: { value: ImportMode; onChange: (mode: ImportMode) => void }) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">When a row matches an existing contact</legend>
      {IMPORT_MODES.map((mode) => (
        <label key={mode} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
            className="mt-0.5 size-4 accent-primary"
          />
          {IMPORT_MODE_LABELS[mode]}
        </label>
      ))}
    </fieldset>
  );
}
