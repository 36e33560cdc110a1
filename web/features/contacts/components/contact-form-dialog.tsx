import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useMediaQuery } from "@/hooks/use-media-query";
import type { Contact } from "../types";
import { ContactForm } from "./contact-form";

interface ContactFormDialogProps {
  orgId: string;
  /** The contact to edit, or null to add one. */
  contact: Contact | null;
  onClose: () => void;
}

/** 'Add New Contact' / 'Edit Contact': a bottom sheet under 768px wide, a centred dialog otherwise. */
export function ContactFormDialog({ orgId, contact, onClose }: ContactFormDialogProps) {
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const title = contact ? "Edit Contact" : "Add New Contact";
  const form = <ContactForm orgId={orgId} contact={contact} onClose={onClose} />;
  const handleOpenChange = (open: boolean) => !open && onClose();

  if (isDesktop) {
    return (
      <Dialog open onOpenChange={handleOpenChange}>
        <DialogContent aria-describedby={undefined} className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          {form}
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Sheet open onOpenChange={handleOpenChange}>
      <SheetContent side="bottom" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
        </SheetHeader>
        <div className="px-4 pb-6">{form}</div>
      </SheetContent>
    </Sheet>
  );
}
