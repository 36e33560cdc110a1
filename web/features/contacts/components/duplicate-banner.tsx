import { TriangleAlert } from "lucide-react";
import type { PhoneMatch } from "@shared/contact-fields";
import { formatPhone } from "@shared/phone";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

interface DuplicateBannerProps {
  match: PhoneMatch;
  /** Adding a new contact offers the three choices; editing one only the way to the other contact. */
  creating: boolean;
  busy: boolean;
  onOpenExisting: () => void;
  onMerge: () => void;
  onSaveAsNew: () => void;
}

/**
 * The spec's duplicate-phone banner, naming the contact that already holds the number (the server
 * checked the whole book) and letting the person choose: nothing typed is merged away unasked.
 */
export function DuplicateBanner({ match, creating, busy, onOpenExisting, onMerge, onSaveAsNew }: DuplicateBannerProps) {
  return (
    <Alert role="status" className="border-amber-300 bg-amber-50 text-amber-950" data-testid="duplicate-banner">
      <TriangleAlert aria-hidden="true" />
      <AlertDescription className="flex flex-col gap-2 text-amber-950">
        <p>
          {match.by === "email"
            ? "This e-mail address might be a duplicate. Please check your contact list."
            : "This phone number might be a duplicate. Please check your contact list."}
        </p>
        <p>
          It belongs to <strong>{match.name}</strong>
          {match.phone ? ` (${formatPhone(match.phone)})` : ""}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={onOpenExisting} disabled={busy}>
            Open existing
          </Button>
          {creating && (
            <>
              {/* A shared e-mail (an office's) is no sign of one person: only a number merges. */}
              {match.by !== "email" && (
                <Button type="button" size="sm" variant="outline" onClick={onMerge} disabled={busy}>
                  Merge into it
                </Button>
              )}
              <Button type="button" size="sm" variant="outline" onClick={onSaveAsNew} disabled={busy}>
                Save as new
              </Button>
            </>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}
