import { Check, Copy } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useCopyToClipboard } from "../hooks/use-copy-to-clipboard";

interface TemporaryPasswordProps {
  password: string;
  /** What the admin should do with the password. */
  children: ReactNode;
}

/** A temporary password shown once, read-only, with a copy button ('Copied' for 2 seconds). */
export function TemporaryPassword({ password, children }: TemporaryPasswordProps) {
  const { copied, copy } = useCopyToClipboard();

  async function handleCopy() {
    if (await copy(password)) toast.success("Password copied");
    else toast.error("Failed to copy password");
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="text-sm text-muted-foreground">{children}</div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="temporary-password">Temporary Password</Label>
        <div className="flex gap-2">
          <Input
            id="temporary-password"
            readOnly
            value={password}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={() => void handleCopy()} className="w-36">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied" : "Copy password"}
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">This password is shown only once.</p>
    </div>
  );
}
