import { formatDistanceToNow } from "date-fns";

/** "3 days ago"; an unreadable date shows as-is rather than breaking the row. */
export function formatCreated(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return formatDistanceToNow(date, { addSuffix: true });
}
