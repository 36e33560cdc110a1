import type { Member } from "../api";
import { formatJoined } from "../lib/format-joined";
import type { MemberAction } from "../lib/member-dialog";
import { hasMemberActions } from "../lib/member-menu";
import { MemberActionsMenu } from "./member-actions-menu";
import { MemberEditButton } from "./member-edit-button";
import { MemberRoleBadges } from "./member-role-badge";

interface MembersTableProps {
  members: Member[];
  onAction: (action: MemberAction, member: Member) => void;
}

const headClass = "h-10 px-3 text-left align-middle text-xs font-medium tracking-wide text-muted-foreground uppercase";

/** Desktop list of the organization's users (spec section 2: Name, Email, Role, Joined, Actions). */
export function MembersTable({ members, onAction }: MembersTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full caption-bottom text-sm">
        <caption className="sr-only">Organization users</caption>
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={headClass}>
              Name
            </th>
            <th scope="col" className={headClass}>
              Email
            </th>
            <th scope="col" className={headClass}>
              Role
            </th>
            <th scope="col" className={`${headClass} hidden lg:table-cell`}>
              Joined
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => {
            return (
              <tr key={member.id} className="border-b transition-colors last:border-0 hover:bg-muted/30">
                <td className="px-3 py-2 font-medium">{member.name}</td>
                <td className="max-w-[16rem] truncate px-3 py-2 text-muted-foreground">{member.email}</td>
                <td className="px-3 py-2">
                  <MemberRoleBadges member={member} />
                </td>
                <td className="hidden px-3 py-2 text-muted-foreground lg:table-cell">{formatJoined(member.created_at)}</td>
                <td className="px-3 py-2">
                  <div className="flex items-center justify-end gap-1">
                    <MemberEditButton member={member} onEdit={() => onAction("edit", member)} />
                    <MemberActionsMenu member={member} onAction={onAction} />
                    {/* Keeps the edit buttons in one column when a row has no menu. */}
                    {!hasMemberActions(member.abilities) && <span aria-hidden="true" className="size-9" />}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
