import { randomInt } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appPasswordHash } from "../auth/app-password-hash.js";
import { passwordHasher } from "../auth/password-hashing.js";
import { newId, nowIso } from "../db/ids.js";
import { createAppPassword as createForUser } from "../services/app-passwords.js";
import { buildUser } from "../test/factories.js";
import { type TestApp, createTestApp, engines } from "../test/harness.js";
import { createAppPassword, dav } from "../test/dav-client.js";

// What a guess of an app password costs and how many are checked (the third review: 60 guesses sent
// at once were all checked, and a guess cost one scrypt per app password of the account).

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
/** A wrong password of `groups` groups of five: 5 is today's shape (key id first), 4 the older one. */
const guess = (groups = 5) => Array.from({ length: groups }, group).join("-");

describe.each(engines)("app passwords over CardDAV (%s)", (engine) => {
  let t: TestApp;
  const digests = () => vi.mocked(appPasswordHash.digest).mock.calls.length;
  let scrypts: () => number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    vi.spyOn(appPasswordHash, "digest");
    const spy = vi.spyOn(passwordHasher(t.config.passwordHashThreads), "verify");
    scrypts = () => spy.mock.calls.length;
  });
  afterEach(() => vi.clearAllMocks());
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it("answers a password with its key id in the first of five groups, stored as a keyed hash", async () => {
    const user = await buildUser(t);
    const device = await createAppPassword(t.app, user.email, user.password, "Phone");
    expect(device.password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){4}$/);
    const [stored] = await t.database.db
      .selectFrom("app_passwords")
      .select(["key_id", "password_hash"])
      .where("id", "=", device.id)
      .execute();
    expect(stored!.key_id).toBe(device.password.slice(0, 5));
    expect(stored!.password_hash).toMatch(/^hmac-sha256\$[0-9a-f]{64}$/);
    expect((await dav(t.app, "PROPFIND", "/dav/", { auth: device, depth: "0" })).status).toBe(207);
  });

  it("costs one keyed hash and no scrypt per guess, for an unknown address and for accounts with none, one or fifty app passwords", async () => {
    const none = await buildUser(t);
    const one = await buildUser(t);
    const fifty = await buildUser(t);
    const onlyOne = await createAppPassword(t.app, one.email, one.password);
    const created = [];
    for (let i = 0; i < 50; i++)
      created.push((await createForUser(t.deps, { userId: fifty.id, email: fifty.email, sessionId: "test" }, `Device ${i}`)).password);
    const rightKeyWrongSecret = `${created[0]!.slice(0, 5)}-${guess(4)}`;
    const cases = [
      { email: "nobody@example.com", password: guess() },
      { email: none.email, password: guess() },
      { email: one.email, password: `${onlyOne.password.slice(0, 5)}-${guess(4)}` },
      { email: fifty.email, password: guess() },
      { email: fifty.email, password: rightKeyWrongSecret },
      // The older four-group shape, for accounts that have no older passwords.
      { email: fifty.email, password: guess(4) },
      { email: "nobody@example.com", password: guess(4) },
    ];
    for (const attempt of cases) {
      vi.clearAllMocks();
      const res = await dav(t.app, "PROPFIND", "/dav/", { auth: attempt, depth: "0" });
      expect(res.status).toBe(401);
      expect([digests(), scrypts()], attempt.email).toEqual([1, 0]);
    }
    vi.clearAllMocks();
    expect((await dav(t.app, "PROPFIND", "/dav/", { auth: { email: fifty.email, password: created[49]! }, depth: "0" })).status).toBe(207);
    expect([digests(), scrypts()]).toEqual([1, 0]);
  });

  it("checks at most the allowance of 60 wrong guesses sent at once and refuses the rest unchecked (429)", async () => {
    const limited = await createTestApp(engine, { SIGN_IN_RATE_LIMIT: "10/60" });
    try {
      const user = await buildUser(limited);
      const device = await createAppPassword(limited.app, user.email, user.password);
      vi.clearAllMocks();
      const answers = await Promise.all(
        Array.from({ length: 60 }, () =>
          dav(limited.app, "PROPFIND", "/dav/", { auth: { email: user.email, password: guess() }, depth: "0" }),
        ),
      );
      const checked = answers.filter((a) => a.status === 401).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(10);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - checked);
      expect(digests()).toBe(checked);
      // The allowance is used up: a right password waits for the window too.
      expect((await dav(limited.app, "PROPFIND", "/dav/", { auth: device, depth: "0" })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("gives a right password's count back: a device syncing often is never limited", async () => {
    const limited = await createTestApp(engine, { SIGN_IN_RATE_LIMIT: "3/60" });
    try {
      const user = await buildUser(limited);
      const device = await createAppPassword(limited.app, user.email, user.password);
      for (let i = 0; i < 10; i++) expect((await dav(limited.app, "PROPFIND", "/dav/", { auth: device, depth: "0" })).status).toBe(207);
      for (let i = 0; i < 3; i++) {
        expect((await dav(limited.app, "PROPFIND", "/dav/", { auth: { email: user.email, password: guess() }, depth: "0" })).status).toBe(
          401,
        );
      }
      expect((await dav(limited.app, "PROPFIND", "/dav/", { auth: device, depth: "0" })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("keeps an app password made before key ids working: scrypt once, then the keyed hash", async () => {
    const user = await buildUser(t);
    const older = "k3rt9-abcde-fghjk-mnpqr";
    const id = newId();
    await t.repos.appPasswords.insert({
      id,
      user_id: user.id,
      name: "Older phone",
      key_id: null,
      password_hash: await passwordHasher(t.config.passwordHashThreads).hash(older),
      created_at: nowIso(),
    });
    vi.clearAllMocks();
    expect((await dav(t.app, "PROPFIND", "/dav/", { auth: { email: user.email, password: older }, depth: "0" })).status).toBe(207);
    expect(scrypts()).toBe(1);
    const [row] = await t.database.db.selectFrom("app_passwords").select("password_hash").where("id", "=", id).execute();
    expect(row!.password_hash).toMatch(/^hmac-sha256\$/);
    vi.clearAllMocks();
    expect((await dav(t.app, "PROPFIND", "/dav/", { auth: { email: user.email, password: older.toUpperCase() }, depth: "0" })).status).toBe(
      207,
    );
    expect(
      (await dav(t.app, "PROPFIND", "/dav/", { auth: { email: user.email, password: "k3rt9-abcde-fghjk-mnpqs" }, depth: "0" })).status,
    ).toBe(401);
    expect([digests(), scrypts()]).toEqual([2, 0]);
  });
});
