import { LayoutGrid, Table2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ContactView } from "../lib/list-view";

interface ContactViewToggleProps {
  value: ContactView;
  onChange: (view: ContactView) => void;
}

const VIEWS = [
  { view: "cards", label: "Card view", icon: LayoutGrid },
  { view: "table", label: "Table view", icon: Table2 },
] as const;

/** Card view / Table view, as two toggle buttons (the pressed one is the current view). */
export function ContactViewToggle({ value, onChange }: ContactViewToggleProps) {
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md border bg-background p-0.5">
      {VIEWS.map(({ view, label, icon: Icon }) => (
        <Button
          key={view}
          variant={value === view ? "secondary" : "ghost"}
          size="icon"
          className="size-7"
          aria-label={label}
          aria-pressed={value === view}
          onClick={() => onChange(view)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}
