import type { InvitationLinkFacts } from "../../shared/member-types.js";
import { userDisplayName } from "../../shared/user-display.js";
import type { AppDeps } from "../deps.js";
import { AppError } from "../errors.js";
import { linkTokenHash, peekToken } from "./account-tokens.js";
import { completePasswordReset } from "./password-reset.js";

const invalidInvitationLink = () =>
  new AppError(400, "INVALID_TOKEN", "This invitation link has expired or been used already. Ask whoever invited you to send a new one.");

/**
 * What the invitation page shows, read with the mailed link's token: who invited the person to which
 * organization, as what, and the name they were given. The token proves the mailbox the invitation went
 * to, so this tells its holder nothing they were not mailed; any other token gets the same refusal.
 */
export async function describeInvitationLink(deps: AppDeps, token: string): Promise<InvitationLinkFacts> {
  return (await readInvitationLink(deps, token)).facts;
}

async function readInvitationLink(deps: AppDeps, token: string): Promise<{ userId: string; facts: InvitationLinkFacts }> {
  const userId = await peekToken(deps, "reset-password", token);
  const row = userId ? await deps.repos.invitations.describeByTokenHash(userId, linkTokenHash(token)) : undefined;
  if (!userId || !row) throw invalidInvitationLink();
  const facts = {
    organization: { id: row.organization_id, name: row.organization_name },
    role: row.role,
    invitedBy: row.inviter_name ?? null,
    email: row.email,
    name: userDisplayName(await deps.repos.profiles.findName(userId), row.email),
  };
  return { userId, facts };
}

/**
 * Joins through the invitation link: the person's name, their first password, the invitation accepted
 * (completePasswordReset spends the token and accepts it). They sign in next with that password.
 */
export async function joinByInvitationLink(
  deps: AppDeps,
  input: { token: string; name: string; password: string },
): Promise<{ email: string; organization: { id: string; name: string } }> {
  const { userId, facts } = await readInvitationLink(deps, input.token);
  await deps.repos.transaction((repos) => repos.profiles.setName(userId, input.name));
  await completePasswordReset(deps, input.token, input.password);
  return { email: facts.email, organization: facts.organization };
}
