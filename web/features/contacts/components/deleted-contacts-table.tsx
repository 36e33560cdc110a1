import { format } from "date-fns";
import { RotateCcw, Trash2 } from "lucide-react";
import { formatPhone } from "@shared/phone";
import { Button } from "@/components/ui/button";
import { contactName } from "../lib/contact-display";
import type { Contact } from "../types";

interface DeletedContactsTableProps {
  contacts: Contact[];
  /** The row with a restore or delete in flight. */
  busyId: string | null;
  onRestore: (contact: Contact) => void;
  onPurge: (contact: Contact) => void;
}

const head = "h-10 px-3 text-left align-middle font-medium text-muted-foreground whitespace-nowrap";

export function DeletedContactsTable({ contacts, busyId, onRestore, onPurge }: DeletedContactsTableProps) {
  return (
    <table aria-label="Deleted contacts" className="w-full text-sm">
      <thead className="sticky top-0 border-b bg-background">
        <tr>
          <th scope="col" className={head}>
            Name
          </th>
          <th scope="col" className={`${head} hidden sm:table-cell`}>
            Email
          </th>
          <th scope="col" className={head}>
            Phone
          </th>
          <th scope="col" className={`${head} hidden sm:table-cell`}>
            Deleted
          </th>
          <th scope="col" className={`${head} text-right`}>
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {contacts.map((contact) => (
          <tr key={contact.id} className="border-b last:border-0">
            <td className="max-w-48 truncate px-3 py-2 font-medium">{contactName(contact)}</td>
            <td className="hidden max-w-56 truncate px-3 py-2 sm:table-cell">{contact.email || "-"}</td>
            <td className="px-3 py-2 whitespace-nowrap">{formatPhone(contact.phone) || "-"}</td>
            <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">
              {contact.deleted_at ? format(new Date(contact.deleted_at), "MMM d, yyyy HH:mm") : "-"}
            </td>
            <td className="px-3 py-2">
              <div className="flex justify-end gap-2">
                <Button variant="outline" size="sm" disabled={busyId === contact.id} onClick={() => onRestore(contact)}>
                  <RotateCcw aria-hidden="true" />
                  Restore
                </Button>
                <Button variant="destructive" size="sm" disabled={busyId === contact.id} onClick={() => onPurge(contact)}>
                  <Trash2 aria-hidden="true" />
                  Delete Forever
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
