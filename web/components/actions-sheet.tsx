import { EllipsisVertical } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import type { Command } from "./commands";

interface ActionsSheetProps {
  /** The trigger button's accessible name. */
  triggerLabel: string;
  title: string;
  description: string;
  actions: Command[];
}

/** The phone counterpart of a page's toolbar: a bottom sheet listing its actions. */
export function ActionsSheet({ triggerLabel, title, description, actions }: ActionsSheetProps) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" aria-label={triggerLabel}>
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom">
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-2 px-4 pb-6">
          {actions.map(({ label, icon: Icon, onSelect, primary, busy, controls }) => (
            <Button
              key={label}
              variant={primary ? "default" : "outline"}
              className="justify-start"
              disabled={busy}
              aria-expanded={controls?.expanded}
              aria-controls={controls?.id}
              onClick={() => {
                // Close the sheet first so whatever follows (panel, dialog) gets the focus.
                setOpen(false);
                onSelect();
              }}
            >
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
      </SheetContent>
    </Sheet>
  );
}
