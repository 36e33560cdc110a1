import { useCallback, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useContactQuery } from "../api";
import { failureReason } from "../lib/contact-display";
import type { Contact } from "../types";
import { ContactForm } from "./contact-form";

interface ContactFormDialogProps {
  orgId: string;
  /** The contact to edit, or null to add one. */
  contact: Contact | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Open existing' on the duplicate banner: the form closes and that contact opens. */
  onOpenExisting: (id: string) => void;
}

/**
 * 'Add New Contact' / 'Edit Contact': a bottom sheet under 768px wide, a centred dialog otherwise. The
 * title and the actions stay in view while the fields scroll. Any way of closing (Escape, a click
 * outside, the close button, Cancel, 'Open existing') asks first when something typed would be lost.
 */
export function ContactFormDialog({ orgId, contact, open, onOpenChange, onOpenExisting }: ContactFormDialogProps) {
  useReturnFocus();
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const title = contact ? "Edit Contact" : "Add New Contact";
  const dirty = useRef(false);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const close = () => onOpenChange(false);
  function requestClose(after: () => void = close) {
    if (dirty.current) setPendingClose(() => after);
    else after();
  }

  // An edit starts from the server's whole contact (every phone, address...), not the list's row.
  const detail = useContactQuery(orgId, contact?.id ?? "", undefined, contact !== null);
  const form = !contact ? (
    <ContactForm
      orgId={orgId}
      contact={null}
      onSaved={close}
      onCancel={() => requestClose()}
      onOpenExisting={(id) => requestClose(() => onOpenExisting(id))}
      onDirtyChange={onDirtyChange}
    />
  ) : detail.data && detail.isFetchedAfterMount ? (
    <ContactForm
      orgId={orgId}
      contact={detail.data}
      onSaved={close}
      onCancel={() => requestClose()}
      onOpenExisting={(id) => requestClose(() => onOpenExisting(id))}
      onDirtyChange={onDirtyChange}
    />
  ) : detail.isError ? (
    <div className="flex flex-col gap-3 p-6">
      <Alert variant="destructive">
        <AlertDescription>Failed to load contact: {failureReason(detail.error)}</AlertDescription>
      </Alert>
      <Button variant="outline" className="self-start" onClick={() => void detail.refetch()}>
        Try again
      </Button>
    </div>
  ) : (
    <PageSpinner label="Loading contact" />
  );
  const confirm = (
    <ConfirmDialog
      open={pendingClose !== null}
      onOpenChange={(next) => !next && setPendingClose(null)}
      onConfirm={() => {
        const after = pendingClose;
        setPendingClose(null);
        after?.();
      }}
      title="Discard unsaved changes?"
      description="What you typed in this contact has not been saved and will be lost."
      confirmLabel="Discard changes"
    />
  );

  if (isDesktop) {
    return (
      <>
        <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
          <DialogContent aria-describedby={undefined} className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl">
            <DialogHeader className="border-b px-6 py-4">
              <DialogTitle>{title}</DialogTitle>
            </DialogHeader>
            {form}
          </DialogContent>
        </Dialog>
        {confirm}
      </>
    );
  }
  return (
    <>
      <Sheet open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
        <SheetContent side="bottom" aria-describedby={undefined} className="gap-0 overflow-hidden">
          <SheetHeader className="border-b">
            <SheetTitle>{title}</SheetTitle>
          </SheetHeader>
          {form}
        </SheetContent>
      </Sheet>
      {confirm}
    </>
  );
}
