import { LoaderCircle, UserMinus } from "lucide-react";
import { formatPhone } from "@shared/phone";
import { Button } from "@/components/ui/button";
import type { GroupMember } from "../types";

interface GroupMembersTableProps {
  members: GroupMember[];
  /** The contact being removed right now, if any. */
  removingId: string | null;
  onRemove: (member: GroupMember) => void;
}

const headClass = "h-9 px-3 text-left align-middle text-xs font-medium tracking-wide text-muted-foreground uppercase";

/** Contact, Contact Info (phone and e-mail), Actions with one remove button per member (spec section 2). */
export function GroupMembersTable({ members, removingId, onRemove }: GroupMembersTableProps) {
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <caption className="sr-only">Group members</caption>
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={headClass}>
              Contact
            </th>
            <th scope="col" className={headClass}>
              Contact Info
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id} className="border-b last:border-0">
              <th scope="row" className="px-3 py-2 text-left font-medium break-words">
                {member.contact_name}
              </th>
              <td className="px-3 py-2 text-muted-foreground">
                <div className="flex min-w-0 flex-col">
                  {member.contact_phone && <span className="whitespace-nowrap">{formatPhone(member.contact_phone)}</span>}
                  {member.contact_email && <span className="break-all">{member.contact_email}</span>}
                  {!member.contact_phone && !member.contact_email && <span aria-label="No contact info">—</span>}
                </div>
              </td>
              <td className="px-3 py-2 text-right">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${member.contact_name} from group`}
                  disabled={removingId !== null}
                  onClick={() => onRemove(member)}
                  className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                >
                  {removingId === member.contact_id ? (
                    <LoaderCircle aria-hidden="true" className="animate-spin" />
                  ) : (
                    <UserMinus aria-hidden="true" />
                  )}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
