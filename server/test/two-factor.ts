import { expect } from "vitest";
import type { App } from "../app.js";
import { send } from "./requests.js";
import { authenticator } from "./totp.js";

export { authenticator };

/** The cookie header a response's Set-Cookie values make, dropping the ones it expires. */
export function cookiesOf(headers: Headers, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const line of headers.getSetCookie()) {
    const pair = line.split(";")[0]!.trim();
    const name = pair.split("=")[0]!;
    if (/max-age=0/i.test(line) || pair === `${name}=`) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

export const hasSession = (cookie: string) => /contactbook\.session_token=/.test(cookie);

/** Turns two-factor on through the API (enable, then confirm with the app's first code); answers the new session cookie. */
export async function enrolTwoFactor(app: App, cookie: string, password: string) {
  const enable = await send(app, "POST", "/api/me/two-factor/enable", { cookie, body: { password } });
  expect(enable.status, enable.text).toBe(200);
  const totp = authenticator(enable.json.totpURI);
  const confirm = await send(app, "POST", "/api/me/two-factor/confirm", { cookie, body: { code: await totp.code() } });
  expect(confirm.status, confirm.text).toBe(200);
  return { cookie: cookiesOf(confirm.headers, cookie), totp };
}
