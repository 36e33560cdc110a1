import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { Command } from "./commands";

/**
 * Desktop header buttons, in order; commands the role may not use are simply not passed. `size` "sm"
 * keeps a long row beside its title on one line at 1280 px.
 */
export function Toolbar({ commands, size = "default" }: { commands: Command[]; size?: "default" | "sm" }) {
  return (
    <>
      {commands.map(({ label, icon: Icon, onSelect, primary, busy, controls }) => (
        <Button
          key={label}
          variant={primary ? "default" : "outline"}
          size={size}
          onClick={onSelect}
          disabled={busy}
          aria-expanded={controls?.expanded}
          aria-controls={controls?.id}
        >
          <Icon aria-hidden="true" className={cn(busy && "animate-spin")} />
          {label}
        </Button>
      ))}
    </>
  );
}
