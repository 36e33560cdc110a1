import { format, formatDistanceToNow } from "date-fns";
import { History, LoaderCircle, RotateCcw } from "lucide-react";
import { HISTORY_ACTIONS, type HistoryItem } from "@shared/contact-history";
import { historyFieldLabel, historyValueText } from "@shared/contact-model/diff";
import { roleAllows } from "@shared/permissions";
import { matrixRole } from "@shared/policy/can";
import { LoadMoreButton } from "@/components/load-more-button";
import { Button } from "@/components/ui/button";
import { useCurrentOrganization } from "@/features/organizations/api";
import { getErrorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useContactHistoryQuery, useRestoreVersionMutation } from "../history-api";

/** Who made a change: the person, and the device, the file or the API token it came through. */
function whoOf(item: HistoryItem): string {
  const person = item.user?.name ?? "Someone";
  if (item.source === "carddav") return `${person} on ${item.actor ?? "a device"}`;
  if (item.source === "import") return `${person}, importing ${item.actor ?? "a file"}`;
  if (item.source === "api") return `${person} via API token “${item.actor ?? "?"}”`;
  return person;
}

/** A value for the timeline, long ones cut (a note of pages would fill the panel). */
function shown(text: string): string {
  if (!text) return "(empty)";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function Entry({ item, onRestore, restoring }: { item: HistoryItem; onRestore: (() => void) | undefined; restoring: boolean }) {
  const at = new Date(item.at);
  return (
    <li className="flex flex-col gap-1 border-b px-4 py-3 text-sm last:border-b-0" data-testid="history-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span className="font-medium">{HISTORY_ACTIONS[item.action] ?? item.action}</span>
        <time dateTime={item.at} title={format(at, "MMM d, yyyy HH:mm")} className="text-xs text-muted-foreground">
          {format(at, "MMM d, yyyy HH:mm")} ({formatDistanceToNow(at, { addSuffix: true })})
        </time>
      </div>
      <span className="text-muted-foreground">{whoOf(item)}</span>
      {item.changes.length > 0 && (
        <ul className="flex flex-col gap-0.5">
          {item.changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="text-muted-foreground">{historyFieldLabel(change.field)}:</span>{" "}
              {shown(historyValueText(change.field, change.from))} → {shown(historyValueText(change.field, change.to))}
            </li>
          ))}
        </ul>
      )}
      {onRestore && (
        <Button size="sm" variant="outline" className="self-start" disabled={restoring} onClick={onRestore}>
          {restoring ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <RotateCcw aria-hidden="true" />}
          Restore this version
        </Button>
      )}
    </li>
  );
}

/**
 * The contact's history, newest first: who changed what and when, with each field's old and new value.
 * Whoever may edit contacts can put an earlier version's values back.
 */
export function ContactHistoryPanel({ orgId, contactId, version }: { orgId: string; contactId: string; version: number }) {
  const { current } = useCurrentOrganization();
  const canRestore = current !== null && roleAllows(matrixRole(current), "contacts.edit");
  const query = useContactHistoryQuery(orgId, contactId);
  const restore = useRestoreVersionMutation(orgId, contactId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  const restoreVersion = (item: HistoryItem) =>
    restore.mutate(item.version, {
      onSuccess: () => toast.success(`The version of ${format(new Date(item.at), "MMM d, yyyy HH:mm")} was restored`),
      onError: (error) => toast.error(getErrorMessage(error)),
    });

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground" role="status">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Loading history...
      </p>
    );
  }
  if (query.isError) return <p className="px-4 py-6 text-sm text-destructive">{getErrorMessage(query.error)}</p>;
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground">
        <History aria-hidden="true" className="size-4" />
        No changes recorded yet.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 pb-4">
      <ol aria-label="Changes, newest first" className="flex flex-col">
        {items.map((item) => (
          <Entry
            key={`${item.version}-${item.at}`}
            item={item}
            // The version the contact is at now has nothing to restore; a deleted state is restored from the trash.
            onRestore={
              canRestore && item.version !== version && item.action !== "delete" && item.action !== "purge"
                ? () => restoreVersion(item)
                : undefined
            }
            restoring={restore.isPending && restore.variables === item.version}
          />
        ))}
      </ol>
      <LoadMoreButton query={query} />
    </div>
  );
}
