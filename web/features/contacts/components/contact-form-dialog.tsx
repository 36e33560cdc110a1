import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Sheet, SheetContent, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useMediaQuery } from "@/hooks/use-media-query";
import type { Contact } from "../types";
import { ContactForm } from "./contact-form";

interface ContactFormDialogProps {
  orgId: string;
  /** The contact to edit, or null to add one. */
  contact: Contact | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Add New Contact' / 'Edit Contact': a bottom sheet under 768px wide, a centred dialog otherwise. */
export function ContactFormDialog({ orgId, contact, open, onOpenChange }: ContactFormDialogProps) {
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const title = contact ? "Edit Contact" : "Add New Contact";
  const form = <ContactForm orgId={orgId} contact={contact} onClose={() => onOpenChange(false)} />;

  if (isDesktop) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
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
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" aria-describedby={undefined}>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
        </SheetHeader>
        <div className="px-4 pb-6">{form}</div>
      </SheetContent>
    </Sheet>
  );
}
