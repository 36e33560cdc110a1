import { Copy } from "lucide-react";
import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";

/**
 * A credential the server shows this once (an app password, an API token, a webhook's signing secret):
 * it keeps only a hash or a sealed copy, so the person copies it now or makes a new one.
 */
export function ShownOnce({
  icon,
  title,
  instructions,
  value,
  noun,
  testId,
  onDone,
}: {
  icon: ReactNode;
  title: ReactNode;
  /** What to do with it, ending with the fact that it is not shown again. */
  instructions: string;
  value: string;
  /** What it is called in the message when copying fails ("password", "token", "secret"). */
  noun: string;
  testId: string;
  onDone: () => void;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success("Copied");
    } catch {
      toast.error(`Could not copy. Select the ${noun} and copy it yourself.`);
    }
  }

  return (
    <Alert role="status">
      {icon}
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col gap-2">
        <p>{instructions}</p>
        <code data-testid={testId} className="rounded bg-muted px-2 py-1 font-mono text-sm break-all text-foreground select-all">
          {value}
        </code>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
