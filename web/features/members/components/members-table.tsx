import type { Member } from "../api";
import { formatJoined } from "../lib/format-joined";
import type { MemberAction } from "../lib/member-dialog";
import { hasMemberActions } from "../lib/member-menu";
import { MemberActionsMenu } from "./member-actions-menu";
import { MemberEditButton } from "./member-edit-button";
import { MemberRoleBadges } from "./member-role-badge";
import { MemberTwoFactorBadge } from "./member-two-factor-badge";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

interface MembersTableProps {
  members: Member[];
  onAction: (action: MemberAction, member: Member) => void;
}

/** Desktop list of the organization's users (spec section 2: Name, Email, Role, Joined, Actions; and who has two-factor). */
export function MembersTable({ members, onAction }: MembersTableProps) {
  return (
    <Table caption="Organization users">
      <TableHeader>
        <TableHead>Name</TableHead>
        <TableHead>Email</TableHead>
        <TableHead>Role</TableHead>
        <TableHead className="hidden lg:table-cell">Two-factor</TableHead>
        <TableHead className="hidden lg:table-cell">Joined</TableHead>
        <TableHead className="text-right">Actions</TableHead>
      </TableHeader>
      <tbody>
        {members.map((member) => {
          return (
            <TableRow key={member.id}>
              <TableCell className="font-medium">{member.name}</TableCell>
              <TableCell className="max-w-[16rem] truncate text-muted-foreground">{member.email}</TableCell>
              <TableCell>
                <MemberRoleBadges member={member} />
              </TableCell>
              <TableCell className="hidden lg:table-cell">
                <MemberTwoFactorBadge member={member} />
              </TableCell>
              <TableCell className="hidden text-muted-foreground lg:table-cell">{formatJoined(member.created_at)}</TableCell>
              <TableCell>
                <div className="flex items-center justify-end gap-1">
                  <MemberEditButton member={member} onEdit={() => onAction("edit", member)} />
                  <MemberActionsMenu member={member} onAction={onAction} />
                  {/* Keeps the edit buttons in one column when a row has no menu. */}
                  {!hasMemberActions(member.abilities) && <span aria-hidden="true" className="size-9" />}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </tbody>
    </Table>
  );
}
