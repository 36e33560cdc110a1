import { randomInt } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./app-process.js";

export interface Answer {
  /** 0 when the request got no HTTP answer at all (connection refused or reset). */
  status: number;
  json: any;
  ms: number;
  /** The Retry-After header, when the answer has one. */
  retryAfter?: string;
  error?: string;
}

let headersSent = 0;
subscribe("undici:client:sendHeaders", () => headersSent++);

/** How many requests fetch has written to a socket so far (undici's diagnostics channel). */
export const requestsWritten = () => headersSent;

/** Talks to the app as the browser does: same origin, JSON, the session cookie. */
export class Client {
  cookie = "";
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        signal: AbortSignal.timeout(timeoutMs),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      const setCookie = res.headers.getSetCookie();
      if (setCookie.length) this.cookie = setCookie.map((c) => c.split(";")[0]).join("; ");
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = text;
      }
      const retryAfter = res.headers.get("retry-after");
      return { status: res.status, json, ms: performance.now() - started, ...(retryAfter ? { retryAfter } : {}) };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      return { status: 0, json: undefined, ms: performance.now() - started, error: String(cause) };
    }
  }

  /** Signs in as the first-run administrator and returns the id of its organization. */
  async signInAdmin(): Promise<string> {
    const res = await this.request("POST", "/api/auth/sign-in/password", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.json)}`);
    const me = await this.request("GET", "/api/me");
    return me.json.organizations[0].id as string;
  }
}

export interface WriteLog {
  /** Contacts whose creation was answered 201, with when the answer arrived. */
  acked: { id: string; at: number }[];
  statuses: Record<number, number>;
  /** The bodies of the non-201 answers (first few). */
  failures: Answer[];
  stop(): Promise<void>;
}

/** `concurrency` loops creating contacts until stopped; every acknowledged id is recorded. */
export function startWriters(client: Client, orgId: string, concurrency: number, pauseMs = 0): WriteLog {
  let running = true;
  let n = randomInt(1_000_000);
  const log: WriteLog = {
    acked: [],
    statuses: {},
    failures: [],
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
  const loop = async () => {
    while (running) {
      const i = n++;
      const res = await client.request(
        "POST",
        `/api/orgs/${orgId}/contacts`,
        {
          first_name: "Fault",
          last_name: `Writer ${i}`,
          phone: `+4420${String(70_000_000 + i).padStart(8, "0")}`,
        },
        15_000,
      );
      log.statuses[res.status] = (log.statuses[res.status] ?? 0) + 1;
      if (res.status === 201) log.acked.push({ id: res.json.contact.id, at: Date.now() });
      else {
        if (log.failures.length < 20) log.failures.push(res);
        await new Promise((r) => setTimeout(r, 50));
      }
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return log;
}
