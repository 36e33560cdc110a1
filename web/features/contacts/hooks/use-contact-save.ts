import { NO_ORGANIZATION } from "@/components/no-organization-alert";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { useMeQuery } from "@/features/auth/api";
import type { DuplicateChoice, PhoneMatch } from "@shared/contact-fields";
import { flatFields } from "@shared/contact-model/data-schema";
import { LIST_FIELDS, SINGLE_FIELDS } from "@shared/contact-model/fields";
import type { ListValues } from "@shared/contact-model/types";
import {
  type ContactBody,
  type ContactDetail,
  duplicateMatchOf,
  reloadContact,
  versionConflictOf,
  useContactCreateMutation,
  useContactPhotoMutation,
  useContactUpdateMutation,
} from "../api";
import type { ReportedConflict } from "../lib/contact-conflicts";
import { failureReason } from "../lib/contact-display";
import { changedFields, type ContactFormOutput } from "../lib/contact-form-values";
import type { PhotoChange } from "../components/contact-photo-field";
import type { Contact } from "../types";

export type SaveOutcome =
  | { kind: "saved" }
  | { kind: "conflict"; fresh: ContactDetail | null; message: string; conflicts: ReportedConflict[] }
  | { kind: "duplicate"; match: PhoneMatch }
  | { kind: "failed" };

export interface SaveInput {
  /** The contact as the form loaded it; null creates one. */
  base: ContactDetail | null;
  values: ContactFormOutput;
  /** The fields the person changed (an edit sends only these). */
  changed: (keyof ContactFormOutput)[];
  onDuplicate?: DuplicateChoice;
  photo: PhotoChange;
}

/** Words for the fields a merge changed or did not take ('first name'): the field table's, and the spec's flat ones. */
const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries([...SINGLE_FIELDS, ...LIST_FIELDS].map((f) => [f.key, f.label.toLowerCase()])),
  email: "email",
  phone2: "secondary phone",
  address: "address",
  city: "city",
  province_state: "province/state",
  postal_zip_code: "postal/zip code",
};
/** One id for the save failure, so a successful retry takes the old error away. */
const SAVE_FAILED_TOAST = "contact-save-failed";
const labels = (fields: string[]) => fields.map((f) => FIELD_LABELS[f] ?? f).join(", ");
/** 'first name "Monica" (kept "Mona")' for each typed single value the merge did not take. */
const notTaken = (fields: string[], typed: object, kept: object) =>
  fields
    .map((f) => {
      const mine = (typed as Record<string, unknown>)[f];
      const theirs = (kept as Record<string, unknown>)[f];
      return `${FIELD_LABELS[f] ?? f} "${String(mine ?? "")}"${typeof theirs === "string" && theirs ? ` (kept "${theirs}")` : ""}`;
    })
    .join("; ");

/** The list row's spec fields as the lists read (phone is the first phone...), for the row shown before the server answers. */
function previewOf(changes: Partial<ContactBody>, base: ContactDetail | null): Partial<Contact> {
  const lists = Object.fromEntries(LIST_FIELDS.map((f) => [f.key, changes[f.key] ?? (base ? base[f.key] : [])])) as unknown as ListValues;
  const flat = flatFields(lists);
  const preview: Partial<Contact> = { ...(changes as Partial<Contact>), ...(flat as Partial<Contact>) };
  // The server's formatted numbers are for the old ones: the typed number shows until it answers.
  if (!base || flat.phone !== base.phone) Object.assign(preview, { phone_display: null, phone_e164: null });
  if (!base || flat.phone2 !== base.phone2) Object.assign(preview, { phone2_display: null, phone2_e164: null });
  return preview;
}

/** Create-or-merge or versioned edit, then the photo, with the spec's toasts; tells the form whether to close. */
export function useContactSave(orgId: string | null) {
  const queryClient = useQueryClient();
  const me = useMeQuery();
  const create = useContactCreateMutation(orgId ?? "");
  const update = useContactUpdateMutation(orgId ?? "");
  const photoWrite = useContactPhotoMutation(orgId ?? "");

  /** The photo is sent once the contact has an id; a failure leaves the saved contact as it is. */
  async function savePhoto(id: string, photo: PhotoChange) {
    if (photo.kind === "keep") return;
    try {
      await photoWrite.mutateAsync({ id, photo: photo.kind === "set" ? photo.blob : null });
    } catch (error) {
      toast.error("Failed to save photo", { description: failureReason(error) });
    }
  }

  async function save({ base, values, changed, onDuplicate = "ask", photo }: SaveInput): Promise<SaveOutcome> {
    if (!me.data) {
      toast.error("You must be logged in to create contacts");
      return { kind: "failed" };
    }
    if (!orgId) {
      toast.error(NO_ORGANIZATION);
      return { kind: "failed" };
    }
    if (!base) {
      try {
        const result = await create.mutateAsync({ body: values, preview: previewOf(values, null), onDuplicate });
        if (result.merged) {
          // Name each typed value that was not taken and what was kept instead, so nothing typed disappears unannounced.
          const kept = result.not_applied.length ? `Not applied: ${notTaken(result.not_applied, values, result.contact)}.` : undefined;
          toast.success(`Contact merged with existing record (Updated: ${labels(result.changes) || "none"})`, { description: kept });
        } else toast.success("Contact created successfully");
        toast.dismiss(SAVE_FAILED_TOAST);
        // A merge keeps the existing contact's photo; it gets this one only when it has none.
        if (!result.merged || !result.contact.photo_etag) await savePhoto(result.contact.id, photo);
        return { kind: "saved" };
      } catch (error) {
        const match = duplicateMatchOf(error);
        if (match) return { kind: "duplicate", match };
        toast.error("Failed to save contact", { id: SAVE_FAILED_TOAST, description: failureReason(error) });
        return { kind: "failed" };
      }
    }
    const changes = changedFields(values, changed);
    if (Object.keys(changes).length === 0) {
      await savePhoto(base.id, photo);
      return { kind: "saved" };
    }
    try {
      await update.mutateAsync({ contact: base, changes, preview: previewOf(changes, base) });
      toast.success("Contact updated successfully");
      toast.dismiss(SAVE_FAILED_TOAST);
      await savePhoto(base.id, photo);
      return { kind: "saved" };
    } catch (error) {
      const fresh = await reloadContact(queryClient, orgId, base.id);
      // The form keeps what was typed and shows the conflict itself (its banner says so).
      const conflict = versionConflictOf(error);
      if (conflict) {
        // Without a fresh copy (it could not be read again) there is nothing to show beside the fields.
        if (!fresh) toast.error(conflict.message);
        return { kind: "conflict", fresh, ...conflict };
      }
      toast.error("Failed to save contact", { id: SAVE_FAILED_TOAST, description: failureReason(error) });
      return { kind: "failed" };
    }
  }

  return { save, saving: create.isPending || update.isPending || photoWrite.isPending };
}
