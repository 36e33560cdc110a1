import { toast } from "@/lib/toast";
import { isApiError } from "@/api";
import type { InviteResult } from "../api";

/** Spec section 9: the creation toast stays 10 seconds. */
const INVITED_TOAST_MS = 10_000;

/**
 * Adding someone always invites them: they join after accepting, whether or not they had an account
 * (the answer never says which). When the mail could not go out, the admin learns where it went.
 */
export function announceAddOutcome({ emailSent, invitation }: InviteResult): void {
  if (emailSent) {
    toast.success("Invitation sent", {
      description: `${invitation.email} joins this organization after accepting. The invitation expires in 7 days.`,
      duration: INVITED_TOAST_MS,
    });
    return;
  }
  toast.warning("Invitation created, but the e-mail could not be sent", {
    description: `The mail to ${invitation.email} is kept in the server's mail outbox. Ask your server administrator to set up e-mail (SMTP_URL).`,
    duration: INVITED_TOAST_MS,
  });
}

/** A 409 carries the server's own sentence ('User {email} is already a member of this organization'). */
export function announceAddFailure(error: unknown, fallback: string): void {
  if (isApiError(error) && (error.status === 409 || error.status === 429)) {
    toast.error(error.message);
    return;
  }
  toast.error(fallback, { description: error instanceof Error ? error.message : undefined });
}
