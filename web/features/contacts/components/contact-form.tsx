import { LoaderCircle, RefreshCw } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { DuplicateChoice, PhoneMatch } from "@shared/contact-fields";
import { normalizePhone } from "@shared/phone";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { useUnsavedForm } from "@/hooks/use-unsaved-form";
import { useQueryClient } from "@tanstack/react-query";
import { useRemoteChange } from "@/features/live/api";
import { useCurrentOrganization } from "@/features/organizations/api";
import { DEFAULT_CONTACT_RULES } from "@shared/contact-model/data-schema";
import { type DataKey, FIELD_CONFLICT_MESSAGE } from "@shared/contact-model/field-diff";
import { type ContactDetail, reloadContact, usePhoneMatchQuery } from "../api";
import { useContactSave } from "../hooks/use-contact-save";
import { type FieldChoice, type ReportedConflict, rebaseForm } from "../lib/contact-conflicts";
import { contactInitials } from "../lib/contact-display";
import {
  type ContactFormOutput,
  contactFormResolver,
  type ContactFormValues,
  changedKeys,
  formValuesFrom,
} from "../lib/contact-form-values";
import { contactPhotoUrl } from "../lib/contact-photo";
import { ContactConflictBanner } from "./contact-conflict-banner";
import { ContactFormFields } from "./contact-form-fields";
import { ContactPhotoField, type PhotoChange } from "./contact-photo-field";
import { DuplicateBanner } from "./duplicate-banner";

interface ContactFormProps {
  orgId: string;
  /** The contact being edited, as GET /contacts/:id answers it (every list); null adds a new one. */
  contact: ContactDetail | null;
  /** Closes after a save, with nothing left to lose. */
  onSaved: () => void;
  /** Cancel: the dialog asks first when something was typed. */
  onCancel: () => void;
  /** 'Open existing' on the duplicate banner. */
  onOpenExisting: (id: string) => void;
  /** Tells the dialog whether closing would lose typed input. */
  onDirtyChange: (dirty: boolean) => void;
}

/** How long the phone field must rest before the server is asked about duplicates. */
const PHONE_CHECK_DELAY_MS = 300;

/**
 * Add/edit form: validation with the shared schema, the server's duplicate check as the phone is typed,
 * optimistic save. Its fields scroll between a fixed title and fixed actions.
 */
export function ContactForm({ orgId, contact, onSaved, onCancel, onOpenExisting, onDirtyChange }: ContactFormProps) {
  // After a version conflict the form continues from the server's fresh copy, keeping what was typed.
  const [base, setBase] = useState(contact);
  // Someone else's save overtook this form: what to say, and the fields both changed, each to choose.
  const [conflict, setConflict] = useState<{ message: string; fields: FieldChoice[] } | null>(null);
  const unresolved = Boolean(conflict?.fields.some((f) => f.choice === null));
  // What the form was filled with: a save sends only the fields that differ from it.
  const [initial, setInitial] = useState(() => formValuesFrom(contact));
  const [photo, setPhoto] = useState<PhotoChange>({ kind: "keep" });
  // A duplicate the server reported on save (the check as typed may not have answered yet).
  const [reported, setReported] = useState<PhoneMatch | null>(null);
  const { save, saving } = useContactSave(orgId);
  const { current } = useCurrentOrganization();
  const requirePhone = current?.requirePhone ?? DEFAULT_CONTACT_RULES.requirePhone;
  const resolver = useMemo(() => contactFormResolver({ requirePhone }), [requirePhone]);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    control,
    getValues,
    setValue,
    formState: { errors, isDirty },
  } = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver,
    defaultValues: initial,
    reValidateMode: "onSubmit",
  });
  const dirty = isDirty || photo.kind !== "keep";
  useUnsavedForm(dirty);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  /**
   * Moves the form onto `fresh` without losing typing: fields the person changed keep their text, the
   * others take the fresh values; fields both changed are offered to choose (`reported`: the server's
   * names for who wrote theirs; else `changedBy`, the live notice's).
   */
  function rebase(fresh: ContactDetail, message: string | null, reported: ReportedConflict[] = [], changedBy: string | null = null) {
    const typed = getValues();
    const freshValues = formValuesFrom(fresh);
    const { values, conflicts } = rebaseForm(typed, initial, freshValues);
    setBase(fresh);
    setInitial(freshValues);
    // The first defaults stay, so the form still counts as changed (closing it asks first).
    reset(values, { keepDefaultValues: true });
    const fields = conflicts.map((field): FieldChoice => ({
      field,
      theirs: freshValues[field],
      mine: typed[field],
      by: reported.find((r) => r.field === field)?.by?.name ?? changedBy,
      choice: null,
    }));
    setConflict(fields.length ? { message: message ?? FIELD_CONFLICT_MESSAGE, fields } : message ? { message, fields } : null);
  }

  function choose(field: DataKey, choice: "mine" | "theirs") {
    const chosen = conflict?.fields.find((f) => f.field === field);
    if (!conflict || !chosen) return;
    setValue(field, (choice === "mine" ? chosen.mine : chosen.theirs) as never, { shouldDirty: true });
    setConflict({ ...conflict, fields: conflict.fields.map((f) => (f.field === field ? { ...f, choice } : f)) });
  }

  // The server checks the whole book as the number is typed, not just the rows this screen loaded.
  const phone = useDebouncedValue(normalizePhone(useWatch({ control, name: "phones.0.value" }) ?? ""), PHONE_CHECK_DELAY_MS);
  const email = useDebouncedValue((useWatch({ control, name: "emails.0.value" }) ?? "").trim(), PHONE_CHECK_DELAY_MS);
  const checked = usePhoneMatchQuery(orgId, phone, email, base?.id ?? null).data?.match ?? null;
  const match = checked ?? (reported && (reported.by === "email" || normalizePhone(reported.phone) === phone) ? reported : null);

  function handleEdited(name: Parameters<typeof clearErrors>[0] & string) {
    clearErrors(name);
    // 'First name or company is required' sits on First Name but is answered by either field.
    if (name === "company") clearErrors("first_name");
  }

  // Changed elsewhere since this form loaded it: say so, and offer to load their version under what was
  // typed (the field-by-field check on save stays the last guard).
  const queryClient = useQueryClient();
  const remote = useRemoteChange(base?.id);
  const changedElsewhere = Boolean(base && remote && (remote.removed || (remote.version ?? 0) > base.version));
  const [reloading, setReloading] = useState(false);
  async function reloadFromServer() {
    if (!base) return;
    setReloading(true);
    const fresh = await reloadContact(queryClient, orgId, base.id);
    setReloading(false);
    // Gone (trashed elsewhere): nothing to edit any more.
    if (!fresh) return onSaved();
    rebase(fresh, null, [], remote?.actorName ?? null);
  }

  const submit = (choice: DuplicateChoice) =>
    handleSubmit(async (values: ContactFormOutput) => {
      const outcome = await save({ base, values, changed: changedKeys(getValues(), initial), onDuplicate: choice, photo });
      if (outcome.kind === "saved") onSaved();
      else if (outcome.kind === "duplicate") setReported(outcome.match);
      else if (outcome.kind === "conflict" && outcome.fresh) rebase(outcome.fresh, outcome.message, outcome.conflicts);
    });

  return (
    <form noValidate onSubmit={submit("ask")} className="flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6">
        {conflict && <ContactConflictBanner message={conflict.message} fields={conflict.fields} onChoose={choose} disabled={saving} />}
        {changedElsewhere && remote && (
          <Alert role="status" className="border-sky-300 bg-sky-50 text-sky-900">
            <RefreshCw aria-hidden="true" />
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2 text-sky-900">
              <span>This contact was changed by {remote.actorName}</span>
              <Button type="button" size="sm" variant="outline" onClick={() => void reloadFromServer()} disabled={reloading}>
                Reload
              </Button>
            </AlertDescription>
          </Alert>
        )}
        {match && (
          <DuplicateBanner
            match={match}
            creating={!base}
            busy={saving}
            onOpenExisting={() => onOpenExisting(match.id)}
            onMerge={() => void submit("merge")()}
            onSaveAsNew={() => void submit("new")()}
          />
        )}
        <fieldset disabled={saving} className="contents">
          <ContactPhotoField
            stored={base?.photo_etag ? contactPhotoUrl(orgId, base.id, base.photo_etag) : null}
            initials={base ? contactInitials(base) : "?"}
            value={photo}
            onChange={setPhoto}
            disabled={saving}
          />
          <ContactFormFields
            control={control}
            register={register}
            errors={errors}
            onEdited={handleEdited}
            requirePhone={requirePhone}
            initial={initial}
          />
        </fieldset>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t bg-background px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        {/* With a duplicate on screen, saving means choosing: the banner's buttons say how. */}
        {!(match && !base) && (
          <Button type="submit" disabled={saving || unresolved}>
            {saving && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {saving ? "Saving..." : "Save Contact"}
          </Button>
        )}
      </div>
    </form>
  );
}
