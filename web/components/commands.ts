import type { LucideIcon } from "lucide-react";

/** One command of a screen's header: a button of the desktop toolbar, an entry of the phone's actions sheet. */
export interface Command {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  /** The main action (filled button); the others are outlined. */
  primary?: boolean;
  /** Running: the button is disabled and its icon spins. */
  busy?: boolean;
  /** For commands that open and close a panel. */
  controls?: { id: string; expanded: boolean };
}
