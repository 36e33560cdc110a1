import type { PasskeySummary } from "../../shared/passkey-schemas.js";
import type { Actor, AppDeps } from "../deps.js";
import { toIso } from "../db/ids.js";
import { notFound } from "../errors.js";

/**
 * Settings > Security > Passkeys: the signed-in person's own only; another person's id is 404.
 * Adding one and signing in with one are the plugin's ceremonies (server/routes/auth.ts).
 */

const present = (row: {
  id: string;
  name: string | null;
  createdAt: Date | string | null;
  deviceType: string;
  backedUp: boolean | number;
}): PasskeySummary => ({
  id: row.id,
  name: row.name ?? "",
  createdAt: toIso(row.createdAt) ?? "",
  deviceType: row.deviceType,
  backedUp: Boolean(row.backedUp),
});

export async function listPasskeys(deps: AppDeps, actor: Actor): Promise<{ items: PasskeySummary[] }> {
  return { items: (await deps.repos.passkeys.listOfUser(actor.userId)).map(present) };
}

export async function renamePasskey(deps: AppDeps, actor: Actor, id: string, name: string): Promise<PasskeySummary> {
  if (!(await deps.repos.passkeys.rename(actor.userId, id, name))) throw notFound("Passkey not found.");
  const row = (await deps.repos.passkeys.listOfUser(actor.userId)).find((p) => p.id === id);
  if (!row) throw notFound("Passkey not found.");
  return present(row);
}

/** A removed passkey may have been the person's only second factor: their live streams re-check. */
export async function removePasskey(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deps.repos.passkeys.delete(actor.userId, id))) throw notFound("Passkey not found.");
  deps.events.recheck(actor.userId);
}
