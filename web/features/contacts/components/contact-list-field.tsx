import { Plus, X } from "lucide-react";
import { type Control, Controller, type FieldErrors, type FieldPath, type UseFormRegister, useFieldArray, useWatch } from "react-hook-form";
import type { ListKey } from "@shared/contact-model/fields";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ENTRY_TYPE_LABELS, type EntryType } from "../lib/contact-display";
import { ALWAYS_SHOWN_LISTS, blankEntry, type ContactFormOutput, type ContactFormValues, listFieldOf } from "../lib/contact-form-values";
import { ContactDateInput } from "./contact-date-input";

type Path = FieldPath<ContactFormValues>;

interface ContactListFieldProps {
  list: ListKey;
  control: Control<ContactFormValues, unknown, ContactFormOutput>;
  register: UseFormRegister<ContactFormValues>;
  errors: FieldErrors<ContactFormValues>;
  /** Called on every edit of a row's part, so its error can be cleared. */
  onEdited: (name: Path) => void;
  /** The first phone must be filled (the organization's rule). */
  firstRequired?: boolean;
}

/** What a phone, e-mail or website field brings up on a phone's keyboard. */
const INPUTS: Partial<Record<ListKey, { type: string; inputMode?: "tel" | "email" | "url" }>> = {
  phones: { type: "tel", inputMode: "tel" },
  emails: { type: "email", inputMode: "email" },
  urls: { type: "url", inputMode: "url" },
};

const textareaClass =
  "flex min-h-16 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

/** 'Phone', 'Phone 2', 'Phone 3': the name of a row, the first one as the spec's form named it. */
export const entryName = (label: string, index: number) => (index === 0 ? label : `${label} ${index + 1}`);

type PartErrors = Record<string, { message?: string } | undefined>;

/**
 * The rows of one list field (phones, e-mails, addresses, websites, dates, custom fields): each with its
 * parts, a type, a label for a custom type and a remove button, and the list's 'Add ...' button.
 */
export function ContactListField({ list, control, register, errors, onEdited, firstRequired = false }: ContactListFieldProps) {
  const field = listFieldOf(list);
  const { fields, append, remove } = useFieldArray({ control, name: list });
  const types = useWatch({ control, name: list }) as { type: string }[] | undefined;
  const listErrors = errors[list] as PartErrors[] | undefined;
  const keepOne = ALWAYS_SHOWN_LISTS.has(list);
  const typeOptions = field.types.map((type) => ({ value: type, label: ENTRY_TYPE_LABELS[type as EntryType] ?? type }));
  const multipart = field.parts.length > 1;
  const idOf = (index: number, part: string) => `contact-${list}-${index}-${part}`;
  const reg = (path: string) => register(path as Path, { onChange: () => onEdited(path as Path) });

  return (
    <div className="flex flex-col gap-3 sm:col-span-2">
      {fields.map((row, index) => {
        const name = entryName(field.label, index);
        const lower = name.toLowerCase();
        const rowErrors = listErrors?.[index];
        const custom = (types?.[index]?.type ?? "") === "custom";
        const removable = !(keepOne && fields.length === 1);
        const typeSelect = field.types.length > 1 && (
          <NativeSelect
            aria-label={`${name} type`}
            options={typeOptions}
            className="w-auto max-w-40 shrink-0"
            {...reg(`${list}.${index}.type`)}
          />
        );
        const removeButton = removable && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9 shrink-0 text-muted-foreground"
            aria-label={`Remove ${lower}`}
            onClick={() => remove(index)}
          >
            <X aria-hidden="true" />
          </Button>
        );
        const labelInput = custom && (
          <FormField id={idOf(index, "label")} label={`${name} label`} error={rowErrors?.label?.message}>
            <Input autoComplete="off" placeholder="e.g. Assistant" {...reg(`${list}.${index}.label`)} />
          </FormField>
        );

        if (multipart) {
          return (
            <fieldset key={row.id} className="flex flex-col gap-3 rounded-md border p-3">
              <legend className="sr-only">{name}</legend>
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="mr-auto text-sm font-medium">
                  {name}
                </span>
                {typeSelect}
                {removeButton}
              </div>
              {labelInput}
              <div className="grid gap-3 sm:grid-cols-2">
                {field.parts.map((part) => (
                  <FormField
                    key={part.key}
                    id={idOf(index, part.key)}
                    label={part.label}
                    error={rowErrors?.[part.key]?.message}
                    className={cn(part.kind === "text" && "sm:col-span-2")}
                  >
                    {part.kind === "text" ? (
                      <textarea rows={2} className={textareaClass} {...reg(`${list}.${index}.${part.key}`)} />
                    ) : (
                      <Input autoComplete="off" {...reg(`${list}.${index}.${part.key}`)} />
                    )}
                  </FormField>
                ))}
              </div>
            </fieldset>
          );
        }

        const path = `${list}.${index}.value` as Path;
        const input = INPUTS[list];
        return (
          <div key={row.id} className="flex flex-col gap-2">
            {list === "custom_fields" && labelInput}
            <div className="flex items-end gap-2">
              <FormField
                id={idOf(index, "value")}
                label={name}
                required={firstRequired && index === 0}
                error={rowErrors?.value?.message}
                className="min-w-0 flex-1"
              >
                {list === "dates" ? (
                  <ControlledDateInput control={control} name={path} noYearLabel={`No year for ${lower}`} onEdited={onEdited} />
                ) : part0IsText(list) ? (
                  <textarea rows={2} className={textareaClass} {...reg(path)} />
                ) : (
                  <Input autoComplete="off" type={input?.type} inputMode={input?.inputMode} {...reg(path)} />
                )}
              </FormField>
              {typeSelect}
              {removeButton}
            </div>
            {list !== "custom_fields" && labelInput}
          </div>
        );
      })}
      {fields.length < field.maxEntries && (
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => append(blankEntry(list) as never)}>
          <Plus aria-hidden="true" />
          {field.addLabel}
        </Button>
      )}
    </div>
  );
}

const part0IsText = (list: ListKey) => listFieldOf(list).parts[0]?.kind === "text";

interface ControlledDateInputProps {
  control: Control<ContactFormValues, unknown, ContactFormOutput>;
  name: Path;
  noYearLabel: string;
  onEdited: (name: Path) => void;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** The date picker bound to the form (FormField gives it the id and the ARIA wiring). */
function ControlledDateInput({ control, name, noYearLabel, onEdited, ...aria }: ControlledDateInputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, ...rest } }) => (
        <ContactDateInput
          {...rest}
          {...aria}
          value={typeof value === "string" ? value : ""}
          noYearLabel={noYearLabel}
          onChange={(next) => {
            onChange(next);
            onEdited(name);
          }}
        />
      )}
    />
  );
}
