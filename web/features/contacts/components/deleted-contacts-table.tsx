import { format } from "date-fns";
import { RotateCcw, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";

/** A trashed contact, with the name of the one it was merged into when a merge put it there. */
type TrashedContact = Contact & { merged_into?: string | null };

interface DeletedContactsTableProps {
  contacts: TrashedContact[];
  /** The row with a restore or delete in flight. */
  busyId: string | null;
  onRestore: (contact: Contact) => void;
  onPurge: (contact: Contact) => void;
}

const head = "h-10 px-3 text-left align-middle font-medium text-muted-foreground whitespace-nowrap";

/**
 * The trash: a table on wide screens, where the phone, the deletion time and the actions take the width
 * they need and the name and e-mail share the rest (truncated); cards with their actions in view below
 * that (tablets and phones, where five columns would cut the time).
 */
export function DeletedContactsTable({ contacts, busyId, onRestore, onPurge }: DeletedContactsTableProps) {
  const actions = (contact: Contact) => (
    <>
      <Button variant="outline" size="sm" disabled={busyId === contact.id} onClick={() => onRestore(contact)}>
        <RotateCcw aria-hidden="true" />
        Restore
      </Button>
      <Button variant="destructive" size="sm" disabled={busyId === contact.id} onClick={() => onPurge(contact)}>
        <Trash2 aria-hidden="true" />
        Delete Forever
      </Button>
    </>
  );
  const deletedAt = (contact: Contact) => (contact.deleted_at ? format(new Date(contact.deleted_at), "MMM d, yyyy HH:mm") : "-");
  const mergedInto = (contact: TrashedContact) =>
    contact.merged_into ? <span className="block text-xs text-muted-foreground">merged into {contact.merged_into}</span> : null;
  return (
    <>
      <ul aria-label="Deleted contacts" className="flex flex-col divide-y lg:hidden">
        {contacts.map((contact) => (
          <li key={contact.id} className="flex flex-col gap-2 p-3 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium">{contactName(contact)}</p>
              <p className="truncate text-muted-foreground">
                {[contact.phone_display ?? contact.phone, contact.email].filter(Boolean).join(" · ") || "-"}
              </p>
              <p className="text-xs text-muted-foreground">
                Deleted{" "}
                <span className="inline-block" data-testid="deleted-at">
                  {deletedAt(contact)}
                </span>
              </p>
              {mergedInto(contact)}
            </div>
            <div className="flex gap-2">{actions(contact)}</div>
          </li>
        ))}
      </ul>
      {/* max-w-0 lets the name and e-mail shrink (and truncate) while the w-px columns keep their content's width. */}
      <table aria-label="Deleted contacts" className="hidden w-full text-sm lg:table">
        <thead className="sticky top-0 border-b bg-background">
          <tr>
            <th scope="col" className={`${head} w-[40%]`}>
              Name
            </th>
            <th scope="col" className={head}>
              Email
            </th>
            <th scope="col" className={`${head} w-px`}>
              Phone
            </th>
            <th scope="col" className={`${head} w-px`}>
              Deleted
            </th>
            <th scope="col" className={`${head} w-px text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => (
            <tr key={contact.id} className="border-b last:border-0">
              <td className="max-w-0 truncate px-3 py-2 font-medium">
                {contactName(contact)}
                {mergedInto(contact)}
              </td>
              <td className="max-w-0 truncate px-3 py-2">{contact.email || "-"}</td>
              <td className="px-3 py-2 whitespace-nowrap">{contact.phone_display ?? contact.phone ?? "-"}</td>
              <td className="px-3 py-2 whitespace-nowrap" data-testid="deleted-at">
                {deletedAt(contact)}
              </td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-2">{actions(contact)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
