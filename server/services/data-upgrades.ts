import { planMerge } from "../../shared/contact-model/merge.js";
import type { AppDeps } from "../deps.js";
import { nowIso } from "../db/ids.js";
import { candidateToData } from "../cards/candidate-to-data.js";
import { promoteExtraLines } from "../vcard/promote.js";
import { dataOfRow, rowAndKeysOfData } from "./contact-row.js";

const DEVICE_LINES = "promote-device-lines";
const BATCH = 500;

/**
 * Before rich contacts (ADR 015) a device's third number, second e-mail, birthday, website... were kept
 * as lines without a field (contacts.vcard_extra). Once, after the migrations, those lines become fields
 * of their contacts (added after the fields they have: the one merge plan, mode 'fill'), and the lines
 * that still have no field stay. A contact whose lines hold a value its field would refuse (an e-mail that
 * is no address) is left as it was: nothing is dropped. Each write is at the version read, so a second
 * instance doing the same, or a person editing meanwhile, is never overwritten. Answers how many changed.
 */
export async function promoteDeviceLines(deps: Pick<AppDeps, "repos" | "config">): Promise<number> {
  const { repos } = deps;
  if (await repos.upgrades.isDone(DEVICE_LINES)) return 0;
  const country = deps.config.defaultCountry;
  let after = "";
  let changed = 0;
  for (;;) {
    const rows = await repos.upgrades.withDeviceLines(after, BATCH);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    await repos.transaction(async (trx) => {
      for (const row of rows) {
        const { candidate, extraLines } = promoteExtraLines(row.vcard_extra);
        const remaining = extraLines.length ? extraLines.join("\n") : null;
        if (remaining === row.vcard_extra) continue;
        const outcome = candidateToData(candidate, { requirePhone: false });
        if (!outcome.ok || outcome.warnings.length) continue;
        const current = dataOfRow(row);
        // The lines carry no name: the contact's own stays, whatever the reader supplied for a nameless card.
        const incoming = { ...outcome.data, first_name: "", last_name: null, kind: current.kind };
        const plan = planMerge(current, incoming, "fill", country);
        const written = rowAndKeysOfData(plan.result, country);
        const contacts = trx.contacts(row.organization_id);
        if (await contacts.update(row.id, { ...written.columns, vcard_extra: remaining, version: row.version + 1 }, row.version, true)) {
          await contacts.replaceKeys(row.id, written.keys);
          changed++;
        }
      }
    });
  }
  await repos.upgrades.markDone(DEVICE_LINES, nowIso());
  return changed;
}
