import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircle, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { normalizePhone } from "@shared/phone";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useUnsavedForm } from "@/hooks/use-unsaved-form";
import { usePhoneMatchQuery } from "../api";
import { useContactSave } from "../hooks/use-contact-save";
import { type ContactFormOutput, contactFormSchema, type ContactFormValues, formValuesFrom } from "../lib/contact-form-values";
import type { Contact } from "../types";
import { ContactFormFields } from "./contact-form-fields";

interface ContactFormProps {
  orgId: string;
  /** The contact being edited; null adds a new one. */
  contact: Contact | null;
  onClose: () => void;
}

/** Add/edit form: validation with the shared schema, duplicate-phone hint, optimistic save. */
/** How long the phone field must rest before the server is asked about duplicates. */
const PHONE_CHECK_DELAY_MS = 300;

export function ContactForm({ orgId, contact, onClose }: ContactFormProps) {
  // After a version conflict the form continues from the server's fresh copy.
  const [base, setBase] = useState(contact);
  const { save, saving } = useContactSave(orgId);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    control,
    formState: { errors, isDirty, dirtyFields },
  } = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: formValuesFrom(contact),
    reValidateMode: "onSubmit",
  });
  useUnsavedForm(isDirty);

  // The server checks the whole book as the number is typed, not just the rows this screen loaded.
  const phone = useDebouncedValue(normalizePhone(useWatch({ control, name: "phone" })), PHONE_CHECK_DELAY_MS);
  const duplicate = Boolean(usePhoneMatchQuery(orgId, phone, base?.id ?? null).data?.match);

  function handleEdited(name: keyof ContactFormValues) {
    clearErrors(name);
    // 'First name or company is required' sits on First Name but is answered by either field.
    if (name === "company") clearErrors("first_name");
  }

  async function handleSave(values: ContactFormOutput) {
    const outcome = await save(base, values, dirtyFields);
    if (outcome.kind === "saved") onClose();
    else if (outcome.kind === "conflict" && outcome.fresh) {
      setBase(outcome.fresh);
      reset(formValuesFrom(outcome.fresh));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} className="flex flex-col gap-4">
      {duplicate && (
        <Alert role="status" className="border-amber-300 bg-amber-50 text-amber-900">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription className="text-amber-900">
            This phone number might be a duplicate. Please check your contact list.
          </AlertDescription>
        </Alert>
      )}
      <fieldset disabled={saving} className="contents">
        <ContactFormFields register={register} errors={errors} onEdited={handleEdited} />
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {saving ? "Saving..." : "Save Contact"}
        </Button>
      </div>
    </form>
  );
}
