interface MergeChoiceFieldProps {
  name: string;
  legend: string;
  options: { id: string; text: string; from: string }[];
  /** The id of the contact whose value is kept. */
  value: string;
  onChange: (id: string) => void;
}

/** One field the contacts disagree on: a radio per contact, side by side where there is room. */
export function MergeChoiceField({ name, legend, options, value, onChange }: MergeChoiceFieldProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.id}
            className="flex min-w-0 cursor-pointer items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary"
          >
            <input
              type="radio"
              name={name}
              className="mt-1 accent-primary"
              checked={value === option.id}
              onChange={() => onChange(option.id)}
            />
            <span className="min-w-0">
              <span className="block break-words whitespace-pre-line">{option.text}</span>
              <span className="block text-xs text-muted-foreground">from {option.from}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
