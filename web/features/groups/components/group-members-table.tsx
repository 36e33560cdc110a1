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

/**
 * Contact, Contact Info (phone and e-mail), Actions with one remove button per member (spec section 2).
 * Below 640 px each member is a card with its remove button in view (a table's last column was off-screen).
 */
export function GroupMembersTable({ members, removingId, onRemove }: GroupMembersTableProps) {
  return (
    <>
      <ul aria-label="Group members" className="flex flex-col divide-y rounded-lg border bg-card sm:hidden">
        {members.map((member) => (
          <li key={member.id} className="flex items-center gap-3 px-3 py-2">
            <div className="flex min-w-0 flex-1 flex-col text-sm">
              <span className="break-words font-medium">{member.contact_name}</span>
              <ContactInfo member={member} />
            </div>
            <RemoveButton member={member} removingId={removingId} onRemove={onRemove} />
          </li>
        ))}
      </ul>
      <GroupMembersWideTable members={members} removingId={removingId} onRemove={onRemove} />
    </>
  );
}

function ContactInfo({ member }: { member: GroupMember }) {
  return (
    <div className="flex min-w-0 flex-col text-muted-foreground">
      {member.contact_phone && <span className="whitespace-nowrap">{formatPhone(member.contact_phone)}</span>}
      {member.contact_email && <span className="break-all">{member.contact_email}</span>}
      {!member.contact_phone && !member.contact_email && <span aria-label="No contact info">—</span>}
    </div>
  );
}

function RemoveButton({ member, removingId, onRemove }: { member: GroupMember } & Omit<GroupMembersTableProps, "members">) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Remove ${member.contact_name} from group`}
      disabled={removingId !== null}
      onClick={() => onRemove(member)}
      className="shrink-0 text-destructive hover:bg-destructive/10 hover:text-destructive"
    >
      {removingId === member.contact_id ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <UserMinus aria-hidden="true" />}
    </Button>
  );
}

function GroupMembersWideTable({ members, removingId, onRemove }: GroupMembersTableProps) {
  return (
    <Table caption="Group members" className="hidden sm:block">
      <TableHeader>
        <TableHead>Contact</TableHead>
        <TableHead>Contact Info</TableHead>
        <TableHead className="text-right">Actions</TableHead>
      </TableHeader>
      <tbody>
        {members.map((member) => (
          <TableRow key={member.id}>
            <TableRowHeader className="break-words">{member.contact_name}</TableRowHeader>
            <TableCell>
              <ContactInfo member={member} />
            </TableCell>
            <TableCell className="text-right">
              <RemoveButton member={member} removingId={removingId} onRemove={onRemove} />
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
