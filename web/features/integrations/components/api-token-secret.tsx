import { KeyRound } from "lucide-react";
import { ShownOnce } from "@/components/shown-once";

/** A new token's secret, shown this once: the server keeps only its hash. */
export function ApiTokenSecret({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  return (
    <ShownOnce
      icon={<KeyRound aria-hidden="true" />}
      title={`API token '${name}' created`}
      instructions="Copy this token now and store it in the other system. It will not be shown again."
      value={token}
      noun="token"
      testId="new-api-token"
      onDone={onDone}
    />
  );
}
