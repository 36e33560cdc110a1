import { formatDistanceToNow } from "date-fns";

/** "3 days ago", or "N/A" when the date is missing or unreadable (spec section 2). */
export function formatJoined(createdAt: string | null | undefined): string {
  if (!createdAt) return "N/A";
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return "N/A";
  return formatDistanceToNow(date, { addSuffix: true });
}
