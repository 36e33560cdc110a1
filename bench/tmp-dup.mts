import { openDatabase } from "../server/db/database.js";
import { createRepositories } from "../server/db/repositories/index.js";
const d = openDatabase(process.argv[2]!, { timeouts: null });
const org = (await d.db.selectFrom("organizations").select("id").executeTakeFirstOrThrow()).id;
const repos = createRepositories(d.db as never, d.engine as never) as any;
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  const keys = await repos.contactMerges(org).sharedKeys(undefined, 51);
  const a = performance.now() - t; t = performance.now();
  const members = await repos.contacts(org).withKeys(keys.slice(0, 50));
  const b = performance.now() - t; t = performance.now();
  const names = await repos.contactMerges(org).sharedNames(undefined, 50);
  const c = performance.now() - t;
  console.log(`sharedKeys ${a.toFixed(1)} ms (${keys.length}), withKeys ${b.toFixed(1)} ms (${members.length}), sharedNames ${c.toFixed(1)} ms`);
}
await d.destroy();
