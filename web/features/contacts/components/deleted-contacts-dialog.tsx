import { LoadMoreButton } from "@/components/load-more-button";
import { useQueryClient } from "@tanstack/react-query";
import { ArchiveRestore, RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PageSpinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { contactKeys, useTrashQuery } from "../api";
import { useTrashActions } from "../hooks/use-trash-actions";
import type { ContactPages } from "../lib/contact-cache";
import type { Contact } from "../types";
import { DeletedContactsTable } from "./deleted-contacts-table";
import { PurgeContactDialog } from "./purge-contact-dialog";

interface DeletedContactsDialogProps {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The trash (admins): restore or delete forever, a page at a time, newest deletion first. */
export function DeletedContactsDialog({ orgId, open, onOpenChange }: DeletedContactsDialogProps) {
  const queryClient = useQueryClient();
  const trash = useTrashQuery(orgId, open);
  const { handleRestore, handlePurge, busyId } = useTrashActions(orgId);
  const [purgeTarget, setPurgeTarget] = useState<Contact | null>(null);
  const contacts = trash.data?.pages.flatMap((page) => page.items) ?? [];

  const failedAt = trash.isError ? trash.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error("Failed to load deleted contacts");
  }, [failedAt]);

  function handleRefresh() {
    // Back to the first page: refetching every loaded page would be one request per page.
    queryClient.setQueryData<ContactPages>(contactKeys.trash(orgId), (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void trash.refetch();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2 pr-8">
            <DialogTitle>Deleted Contacts</DialogTitle>
            <Badge variant="secondary" data-testid="deleted-contacts-count">
              {contacts.length}
              {trash.hasNextPage ? "+" : ""}
              <span className="sr-only"> deleted contacts</span>
            </Badge>
            <Button variant="outline" size="sm" className="ml-auto" onClick={handleRefresh} disabled={trash.isFetching}>
              <RefreshCw aria-hidden="true" className={cn(trash.isFetching && "animate-spin")} />
              Refresh
            </Button>
          </div>
          <DialogDescription>Restore contacts or delete them permanently.</DialogDescription>
        </DialogHeader>
        {trash.isPending ? (
          <PageSpinner label="Loading deleted contacts" />
        ) : contacts.length === 0 ? (
          trash.isError ? (
            <p role="alert" className="py-8 text-center text-sm text-destructive">
              Failed to load deleted contacts
            </p>
          ) : (
            <div role="status" className="flex flex-col items-center gap-2 py-10 text-center">
              <ArchiveRestore aria-hidden="true" className="size-10 text-muted-foreground" />
              <p className="font-medium">No deleted contacts</p>
              <p className="text-sm text-muted-foreground">All contacts are active</p>
            </div>
          )
        ) : (
          <div className="max-h-[60vh] overflow-auto rounded-md border">
            <DeletedContactsTable contacts={contacts} busyId={busyId} onRestore={handleRestore} onPurge={setPurgeTarget} />
          </div>
        )}
        <LoadMoreButton query={trash} />
        <PurgeContactDialog
          contact={purgeTarget}
          onOpenChange={(open) => !open && setPurgeTarget(null)}
          onConfirm={(contact) => {
            setPurgeTarget(null);
            handlePurge(contact);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
