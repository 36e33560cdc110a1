import { COUNT_CAP } from "@shared/contact-fields";
import type { GroupAction } from "../lib/group-dialog";
import { formatCreated } from "../lib/format-created";
import type { Group } from "../types";
import { GroupRowActions } from "./group-row-actions";
import { Table, TableCell, TableHead, TableHeader, TableRow, TableRowHeader } from "@/components/ui/table";

interface GroupsTableProps {
  groups: Group[];
  onAction: (action: GroupAction, group: Group) => void;
}

const numberFormat = new Intl.NumberFormat("en-US");
/** The count stops at COUNT_CAP (the API answers one more): "20,000+". */
const formatMembers = (n: number) => (n > COUNT_CAP ? `${numberFormat.format(COUNT_CAP)}+` : numberFormat.format(n));

/** Name, Members, Description, Created, Actions; Description and Created from md up (spec section 2). */
export function GroupsTable({ groups, onAction }: GroupsTableProps) {
  return (
    <Table caption="Groups">
      <TableHeader>
        <TableHead>Name</TableHead>
        <TableHead className="text-right">Members</TableHead>
        <TableHead className="hidden md:table-cell">Description</TableHead>
        <TableHead className="hidden md:table-cell">Created</TableHead>
        <TableHead className="text-right">Actions</TableHead>
      </TableHeader>
      <tbody>
        {groups.map((group) => (
          <TableRow key={group.id}>
            <TableRowHeader className="max-w-[12rem] break-words">{group.name}</TableRowHeader>
            <TableCell className="text-right tabular-nums">{formatMembers(group.member_count)}</TableCell>
            <TableCell className="hidden max-w-[24rem] text-muted-foreground md:table-cell">
              {group.description ? (
                <span className="line-clamp-2 break-words">{group.description}</span>
              ) : (
                <span className="italic">No description</span>
              )}
            </TableCell>
            <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
              <time dateTime={group.created_at} title={new Date(group.created_at).toLocaleString()}>
                {formatCreated(group.created_at)}
              </time>
            </TableCell>
            <TableCell>
              <GroupRowActions group={group} onAction={onAction} />
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
