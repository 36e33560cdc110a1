import { LoaderCircle, UserMinus } from "lucide-react";
import { formatPhone } from "@shared/phone";
import { Button } from "@/components/ui/button";
import type { GroupMember } from "../types";
import { Table, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from "@/components/ui/table";

interface GroupMembersTableProps {
  members: GroupMember[];
  /** The contact being removed right now, if any. */
  removingId: string | null;
  onRemove: (member: GroupMember) => void;
}

/** Contact, Contact Info (phone and e-mail), Actions with one remove button per member (spec section 2). */
export function GroupMembersTable({ members, removingId, onRemove }: GroupMembersTableProps) {
  return (
    <Table caption="Group members">
      <TableHeader>
        <TableHead>Contact</TableHead>
        <TableHead>Contact Info</TableHead>
        <TableHead className="text-right">Actions</TableHead>
      </TableHeader>
      <tbody>
        {members.map((member) => (
          <TableRow key={member.id}>
            <TableRowHeader className="break-words">{member.contact_name}</TableRowHeader>
            <TableCell className="text-muted-foreground">
              <div className="flex min-w-0 flex-col">
                {member.contact_phone && <span className="whitespace-nowrap">{formatPhone(member.contact_phone)}</span>}
                {member.contact_email && <span className="break-all">{member.contact_email}</span>}
                {!member.contact_phone && !member.contact_email && <span aria-label="No contact info">—</span>}
              </div>
            </TableCell>
            <TableCell className="text-right">
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
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
