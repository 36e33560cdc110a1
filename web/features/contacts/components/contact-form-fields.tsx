import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { type Control, Controller, type FieldErrors, type FieldPath, type UseFormRegister } from "react-hook-form";
import { LIST_FIELDS, SINGLE_FIELDS } from "@shared/contact-model/fields";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import type { ContactFormOutput, ContactFormValues } from "../lib/contact-form-values";
import { ContactListField } from "./contact-list-field";

type FieldName = FieldPath<ContactFormValues>;

interface ContactFormFieldsProps {
  control: Control<ContactFormValues, unknown, ContactFormOutput>;
  register: UseFormRegister<ContactFormValues>;
  errors: FieldErrors<ContactFormValues>;
  /** Called on every edit of a field, so its error can be cleared (spec section 5). */
  onEdited: (name: FieldName) => void;
  /** The organization's 'Every contact needs a phone number'. */
  requirePhone: boolean;
  /** The values the form opened with: fields beyond the spec's show at once when the contact has any. */
  initial: ContactFormValues;
}

const textareaClass =
  "flex min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

/** The one-line fields (names, company, titles) and the notes, in the field table's order. */
const LINE_FIELDS = SINGLE_FIELDS.filter((f) => f.kind === "line");
const TEXT_FIELDS = SINGLE_FIELDS.filter((f) => f.kind === "text");
/** The spec's own fields show always; the others (prefix, phonetic names, job title...) on request. */
const isSpec = (f: (typeof SINGLE_FIELDS)[number]) => "spec" in f && f.spec === true;
const MORE_FIELDS = LINE_FIELDS.filter((f) => !isSpec(f));

/** The contact form's labelled fields: names and work, then every list field's rows, then the notes. */
export function ContactFormFields({ control, register, errors, onEdited, requirePhone, initial }: ContactFormFieldsProps) {
  const kindId = useId();
  const [more, setMore] = useState(() => initial.kind === "company" || MORE_FIELDS.some((f) => initial[f.key] !== ""));
  const field = (name: FieldName) => register(name, { onChange: () => onEdited(name) });
  const single = (f: (typeof SINGLE_FIELDS)[number], className?: string) => (
    <FormField
      key={f.key}
      id={`contact-${f.key.replaceAll("_", "-")}`}
      label={f.label}
      required={f.key === "first_name"}
      error={errors[f.key]?.message}
      className={className}
    >
      {f.kind === "text" ? (
        <textarea rows={3} className={textareaClass} {...field(f.key)} />
      ) : (
        <Input autoComplete="off" {...field(f.key)} />
      )}
    </FormField>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-muted-foreground sm:col-span-2">
        <span aria-hidden="true" className="text-destructive">
          *
        </span>{" "}
        {requirePhone ? "Required: a phone, and a first name or a company." : "Required: a first name or a company."}
      </p>
      {LINE_FIELDS.filter((f) => isSpec(f) || more).map((f) => single(f, cn(f.key === "company" && !more && "sm:col-span-2")))}
      {more && (
        <div className="flex items-center gap-2 sm:col-span-2">
          <Controller
            control={control}
            name="kind"
            render={({ field: { value, onChange } }) => (
              <Checkbox
                id={kindId}
                checked={value === "company"}
                onCheckedChange={(checked) => {
                  onChange(checked === true ? "company" : "person");
                  onEdited("kind");
                }}
              />
            )}
          />
          <Label htmlFor={kindId} className="font-normal">
            Show as a company (listed by the company&apos;s name)
          </Label>
        </div>
      )}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="-ml-2 justify-self-start text-muted-foreground sm:col-span-2"
        aria-expanded={more}
        onClick={() => setMore((open) => !open)}
      >
        {more ? "Fewer name and work fields" : "More name and work fields"}
        <ChevronDown aria-hidden="true" className={cn("transition-transform", more && "rotate-180")} />
      </Button>
      {LIST_FIELDS.map((f) => (
        <ContactListField
          key={f.key}
          list={f.key}
          control={control}
          register={register}
          errors={errors}
          onEdited={onEdited}
          firstRequired={f.key === "phones" && requirePhone}
        />
      ))}
      {TEXT_FIELDS.map((f) => single(f, "sm:col-span-2"))}
    </div>
  );
}
