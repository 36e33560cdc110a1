import { LoadMoreButton } from "@/components/load-more-button";
import { Copy, Merge } from "lucide-react";
import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PageSpinner } from "@/components/ui/spinner";
import { useCurrentOrganization } from "@/features/organizations/api";
import { useDuplicateContactsQuery } from "../api";
import { failureReason } from "../lib/contact-display";
import type { DuplicateGroup } from "../types";

interface DuplicateContactsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the merge of a group; without it the list is read-only. */
  onMerge?: ((group: DuplicateGroup) => void) | undefined;
}

/**
 * Likely duplicates in the current organization (a shared phone, a shared e-mail, the same name), each
 * group saying why, a page of groups at a time; each group can be merged where the person may.
 */
export function DuplicateContactsDialog({ open, onOpenChange, onMerge }: DuplicateContactsDialogProps) {
  const { current } = useCurrentOrganization();
  const duplicates = useDuplicateContactsQuery(current?.id ?? null, open);
  const groups = duplicates.data?.pages.flatMap((page) => page.items) ?? [];

  const failedAt = duplicates.isError ? duplicates.errorUpdatedAt : 0;
  const failure = duplicates.error;
  useEffect(() => {
    if (failedAt) toast.error("Failed to load duplicate contacts", { description: `Failed to find duplicates: ${failureReason(failure)}` });
  }, [failedAt, failure]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Duplicate Contacts</DialogTitle>
          <DialogDescription>Contacts that share a phone number or an e-mail address, or have the same name.</DialogDescription>
        </DialogHeader>
        {!current ? (
          <p role="status" className="py-8 text-center text-sm text-muted-foreground">
            Please select an organization first
          </p>
        ) : duplicates.isPending ? (
          <PageSpinner label="Loading duplicate contacts" />
        ) : groups.length === 0 ? (
          duplicates.isError ? (
            <p role="alert" className="py-8 text-center text-sm text-destructive">
              Failed to load duplicate contacts
            </p>
          ) : (
            <div role="status" className="flex flex-col items-center gap-2 py-10 text-center">
              <Copy aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="font-medium">No duplicate contacts found</p>
            </div>
          )
        ) : (
          <ul aria-label="Duplicate groups" className="flex max-h-[60vh] min-w-0 flex-col gap-2 overflow-y-auto">
            {groups.map((group) => (
              <li key={`${group.kind}:${group.shared}:${group.contact_ids.join(",")}`} className="rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-2">
                    <Badge variant="secondary">{group.reason}</Badge>
                    <span className="min-w-0 truncate font-medium tabular-nums">{group.shared}</span>
                  </span>
                  {onMerge && (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Merge… ${group.contact_names.join(", ")}`}
                      onClick={() => onMerge(group)}
                    >
                      <Merge aria-hidden="true" />
                      Merge…
                    </Button>
                  )}
                </div>
                <p className="mt-1 text-sm text-muted-foreground">
                  {group.contact_count} contacts: {group.contact_names.join(", ")}
                </p>
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton query={duplicates} />
      </DialogContent>
    </Dialog>
  );
}
