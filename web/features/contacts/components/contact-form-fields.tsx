import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { ContactFormValues } from "../lib/contact-form-values";
import { PhoneTypeSelect } from "./phone-type-select";

type FieldName = keyof ContactFormValues;

interface ContactFormFieldsProps {
  register: UseFormRegister<ContactFormValues>;
  errors: FieldErrors<ContactFormValues>;
  /** Called on every edit of a field, so its error can be cleared (spec section 5). */
  onEdited: (name: FieldName) => void;
}

const textareaClass =
  "flex min-h-20 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

/** The contact form's labelled fields, in two columns from sm up. */
export function ContactFormFields({ register, errors, onEdited }: ContactFormFieldsProps) {
  const field = (name: FieldName) => register(name, { onChange: () => onEdited(name) });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-muted-foreground sm:col-span-2">
        <span aria-hidden="true" className="text-destructive">
          *
        </span>{" "}
        Required: a phone, and a first name or a company.
      </p>
      <FormField id="contact-first-name" label="First Name" required error={errors.first_name?.message}>
        <Input autoComplete="off" {...field("first_name")} />
      </FormField>
      <FormField id="contact-last-name" label="Last Name" error={errors.last_name?.message}>
        <Input autoComplete="off" {...field("last_name")} />
      </FormField>
      <FormField id="contact-company" label="Company" error={errors.company?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...field("company")} />
      </FormField>
      <FormField id="contact-phone" label="Phone" required error={errors.phone?.message}>
        <Input type="tel" inputMode="tel" autoComplete="off" {...field("phone")} />
      </FormField>
      <FormField id="contact-phone-type" label="Phone Type" error={errors.phone_type?.message}>
        <PhoneTypeSelect {...field("phone_type")} />
      </FormField>
      <FormField id="contact-phone2" label="Secondary Phone" error={errors.phone2?.message}>
        <Input type="tel" inputMode="tel" autoComplete="off" {...field("phone2")} />
      </FormField>
      <FormField id="contact-phone2-type" label="Secondary Phone Type" error={errors.phone2_type?.message}>
        <PhoneTypeSelect {...field("phone2_type")} />
      </FormField>
      <FormField id="contact-email" label="Email" error={errors.email?.message} className="sm:col-span-2">
        <Input type="email" inputMode="email" autoComplete="off" {...field("email")} />
      </FormField>
      <FormField id="contact-address" label="Address" error={errors.address?.message} className="sm:col-span-2">
        <Input autoComplete="off" {...field("address")} />
      </FormField>
      <FormField id="contact-city" label="City" error={errors.city?.message}>
        <Input autoComplete="off" {...field("city")} />
      </FormField>
      <FormField id="contact-province-state" label="Province/State" error={errors.province_state?.message}>
        <Input autoComplete="off" {...field("province_state")} />
      </FormField>
      <FormField id="contact-postal-zip-code" label="Postal/Zip Code" error={errors.postal_zip_code?.message}>
        <Input autoComplete="off" {...field("postal_zip_code")} />
      </FormField>
      <FormField id="contact-notes" label="Notes" error={errors.notes?.message} className="sm:col-span-2">
        <textarea rows={3} className={textareaClass} {...field("notes")} />
      </FormField>
    </div>
  );
}
