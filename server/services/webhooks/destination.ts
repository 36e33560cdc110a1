import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** Time allowed for one delivery, from connecting to the end of the answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of an answer read; the rest is dropped. */
export const RESPONSE_READ_BYTES = 64 * 1024;

/** A destination refused: the message says why, for the 400 at registration and the delivery log. */
export class RefusedDestination extends Error {}

/** Whether an address is on the public internet: loopback, private, link-local, CGNAT, metadata and reserved ranges are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Where a webhook URL may be sent: resolves its host and refuses it unless every address it resolves
 * to is public (or WEBHOOK_ALLOW_PRIVATE). The caller connects to the address returned, never resolving
 * again, so a name that changes its answer between the check and the connection (DNS rebinding) cannot
 * reach an inside address.
 */
export async function checkDestination(rawUrl: string, allowPrivate: boolean): Promise<CheckedAddress> {
  const url = URL.canParse(rawUrl) ? new URL(rawUrl) : null;
  if (!url) throw new RefusedDestination("The URL is not valid.");
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RefusedDestination("The URL must start with http:// or https://");
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: CheckedAddress[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch {
      throw new RefusedDestination(`The host name ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new RefusedDestination(`The host name ${host} could not be found.`);
  if (!allowPrivate) {
    const inside = addresses.find((a) => !isPublicAddress(a.address));
    if (inside) {
      throw new RefusedDestination(
        `${host} is a private or local address (${inside.address}). Webhooks are sent only to addresses on the public internet.`,
      );
    }
  }
  return addresses[0]!;
}

export interface PostResult {
  status: number | null;
  body: string;
  durationMs: number;
  error: string | null;
}

/**
 * POSTs to the URL at the checked address: no redirect is followed (a 3xx is a failed delivery), the
 * whole exchange is cut after DELIVERY_TIMEOUT_MS, and at most RESPONSE_READ_BYTES of the answer are read.
 */
export function postTo(
  rawUrl: string,
  to: CheckedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<PostResult> {
  const url = new URL(rawUrl);
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: to.address, family: to.family }]);
    else callback(null, to.address, to.family);
  };
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: Omit<PostResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        lookup: pinned,
        agent: false,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Contactbook-Webhooks/1",
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          done({ status: response.statusCode ?? null, body: Buffer.concat(chunks).toString("utf8"), error: null });
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          const room = RESPONSE_READ_BYTES - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= RESPONSE_READ_BYTES) finish();
        });
        response.on("end", finish);
        response.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      done({ status: null, body: "", error: `No answer within ${timeoutMs / 1000} seconds` });
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => done({ status: null, body: "", error: error.message || "The connection failed" }));
    request.end(body);
  });
}
