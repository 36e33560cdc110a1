import { LayoutGrid, Table2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ContactView } from "./contacts-list";

interface ContactViewToggleProps {
  value: ContactView;
  onChange: (view: ContactView) => void;
}

/** Card view / Table view, as two toggle buttons (the pressed one is the current view). */
export function ContactViewToggle({ value, onChange }: ContactViewToggleProps) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border bg-background p-0.5">
      <Button
        variant={value === "cards" ? "secondary" : "ghost"}
        size="icon"
        className="size-7"
        aria-label="Card view"
        aria-pressed={value === "cards"}
        onClick={() => onChange("cards")}
      >
        <LayoutGrid aria-hidden="true" />
      </Button>
      <Button
        variant={value === "table" ? "secondary" : "ghost"}
        size="icon"
        className="size-7"
        aria-label="Table view"
        aria-pressed={value === "table"}
        onClick={() => onChange("table")}
      >
        <Table2 aria-hidden="true" />
      </Button>
    </div>
  );
}
