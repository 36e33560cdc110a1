import { Cake } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatEntryDate } from "../lib/contact-display";

/** '15 Apr': the day of a contact's birthday, on its row in the birthdays list. */
export function BirthdayBadge({ birthday }: { birthday: string | null }) {
  if (!birthday) return null;
  return (
    <Badge variant="outline" className="shrink-0 gap-1 font-normal">
      <Cake aria-hidden="true" className="size-3" />
      <span className="sr-only">Birthday </span>
      <time dateTime={birthday}>{formatEntryDate(birthday, { withYear: false })}</time>
    </Badge>
  );
}
