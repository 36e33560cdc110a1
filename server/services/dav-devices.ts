import type { OrgActor } from "../../shared/policy/types.js";
import type { AppDeps } from "../deps.js";
import { nowIso } from "../db/ids.js";

/** The app password a device signs in with: recorded by its id and its name, never its secret. */
export interface DavDevice {
  appPasswordId: string;
  appPasswordName: string;
}

type Known = "seen" | "full";
/** Per app: devices already recorded on a book, so a phone's regular sync costs no write. */
const knownByApp = new WeakMap<AppDeps, Map<string, Known>>();
const KNOWN_MAX = 10_000;

/**
 * The audit of devices on a book (CARDDAV_SYNC, with the app password's name, never its secret): one
 * row when an app password first opens the book, and one when it first takes the whole book (a full
 * sync: a depth-1 listing with the cards' data, a sync-collection from an empty token, or a multiget
 * naming as many cards as the book holds); one row when both happen at once. Later syncs write nothing.
 */
export async function recordDevice(deps: AppDeps, actor: OrgActor, user: DavDevice, fullSync: boolean): Promise<void> {
  let known = knownByApp.get(deps);
  if (!known) knownByApp.set(deps, (known = new Map()));
  const key = `${user.appPasswordId}|${actor.organizationId}`;
  const state = known.get(key);
  if (state === "full" || (state === "seen" && !fullSync)) return;
  await deps.repos.transaction(async (repos) => {
    const devices = repos.davDevices(actor.organizationId);
    const now = nowIso();
    const newDevice = await devices.insertIfNew(user.appPasswordId, now, fullSync);
    const firstFullSync = fullSync && (newDevice || (await devices.markFullSync(user.appPasswordId, now)));
    if (!newDevice && !firstFullSync) return;
    await repos.audit.write({
      organizationId: actor.organizationId,
      userId: actor.userId,
      tableName: "app_passwords",
      recordId: user.appPasswordId,
      operation: "CARDDAV_SYNC",
      newData: { device: user.appPasswordName, newDevice, fullSync: firstFullSync },
    });
  });
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(key, fullSync ? "full" : "seen");
}
