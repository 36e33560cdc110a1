import type { ImportRun } from "../api";

interface MessageListProps {
  title: string;
  messages: { message: string }[];
  /** How many there were in all (the server keeps the first thousand). */
  count: number;
  tone: "notice" | "error";
}

function MessageList({ title, messages, count, tone }: MessageListProps) {
  if (messages.length === 0) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className={`max-h-40 overflow-y-auto rounded-md border px-3 py-2 text-sm ${tone === "error" ? "text-destructive" : ""}`}>
        {messages.map((m, i) => (
          <li key={i} className="break-words">
            {m.message}
          </li>
        ))}
        {count > messages.length && <li className="text-muted-foreground">and {(count - messages.length).toLocaleString()} more</li>}
      </ul>
    </section>
  );
}

/**
 * The rows that merged into a contact of another name ('Row 5: merged into Jane Doe': nobody vanishes
 * silently) and the rows that failed with their reason ('Row 7: Missing phone number').
 */
export function RunMessages({ run }: { run: ImportRun }) {
  const failures = run.errors.filter((e) => e.row !== "-");
  return (
    <>
      <MessageList title="Merged rows" messages={run.notices} count={run.notices.length} tone="notice" />
      <MessageList title="Failed rows" messages={failures} count={run.failed} tone="error" />
    </>
  );
}
