import type { GroupAction } from "../lib/group-dialog";
import { formatCreated } from "../lib/format-created";
import type { Group } from "../types";
import { GroupRowActions } from "./group-row-actions";

interface GroupsTableProps {
  groups: Group[];
  onAction: (action: GroupAction, group: Group) => void;
}

const headClass = "h-10 px-3 text-left align-middle text-xs font-medium tracking-wide text-muted-foreground uppercase";

/** Name, Description, Created, Actions; Description and Created from md up (spec section 2). */
export function GroupsTable({ groups, onAction }: GroupsTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full caption-bottom text-sm">
        <caption className="sr-only">Groups</caption>
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={headClass}>
              Name
            </th>
            <th scope="col" className={`${headClass} hidden md:table-cell`}>
              Description
            </th>
            <th scope="col" className={`${headClass} hidden md:table-cell`}>
              Created
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.id} className="border-b transition-colors last:border-0 hover:bg-muted/30">
              <th scope="row" className="max-w-[12rem] px-3 py-2 text-left font-medium break-words">
                {group.name}
              </th>
              <td className="hidden max-w-[24rem] px-3 py-2 text-muted-foreground md:table-cell">
                {group.description ? (
                  <span className="line-clamp-2 break-words">{group.description}</span>
                ) : (
                  <span className="italic">No description</span>
                )}
              </td>
              <td className="hidden px-3 py-2 whitespace-nowrap text-muted-foreground md:table-cell">
                <time dateTime={group.created_at} title={new Date(group.created_at).toLocaleString()}>
                  {formatCreated(group.created_at)}
                </time>
              </td>
              <td className="px-3 py-2">
                <GroupRowActions group={group} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
