import { LoadMoreButton } from "@/components/load-more-button";
import { Copy } from "lucide-react";
import { useEffect } from "react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PageSpinner } from "@/components/ui/spinner";
import { useCurrentOrganization } from "@/features/organizations/hooks/use-current-organization";
import { useDuplicateContactsQuery } from "../api";
import { failureReason } from "../lib/contact-display";

interface DuplicateContactsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Contacts of the current organization that share a phone number, a page of groups at a time (admins). */
export function DuplicateContactsDialog({ open, onOpenChange }: DuplicateContactsDialogProps) {
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
          <DialogDescription>Contacts in this organization that share a phone number.</DialogDescription>
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
          <ul aria-label="Duplicate groups" className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto">
            {groups.map((group) => (
              <li key={group.normalized_phone} className="rounded-md border p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium tabular-nums">{group.normalized_phone}</span>
                  <Badge variant="secondary">{group.contact_count} contacts</Badge>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{group.contact_names.join(", ")}</p>
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton query={duplicates} />
      </DialogContent>
    </Dialog>
  );
}
