import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "playwright-core";
import { baseUrl } from "./browser.js";
import type { Session } from "./browser.js";

export interface FileSpec {
  name: string;
  /** Text (sent as UTF-8), or the file's bytes (chooseFile only). */
  content: string | Uint8Array;
  type?: string;
}

/** A fresh organization of the signed-in admin's, made current in this browser before the app loads. */
export async function ownOrganization(s: Session, name: string): Promise<string> {
  const res = await s.context.request.post("/api/orgs", { data: { name }, headers: { origin: baseUrl() } });
  const org = (await res.json()) as { id: string };
  await s.page.addInitScript(
    ([id, n]) => {
      localStorage.setItem("currentOrgId", id!);
      localStorage.setItem("currentOrgName", n!);
    },
    [org.id, name],
  );
  return org.id;
}

/** Drops files on an element as a person dragging them from the desktop would (a DataTransfer built in the page). */
export async function dropFiles(target: Locator, files: FileSpec[]) {
  const dataTransfer = await target.page().evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([f.content as string], f.name, { type: f.type ?? "" }));
    return transfer;
  }, files);
  for (const type of ["dragenter", "dragover", "drop"]) await target.dispatchEvent(type, { dataTransfer });
  await dataTransfer.dispose();
}

/** Picks a file through the system file chooser that `open` brings up (e.g. a click on Select File). */
export async function chooseFile(page: Page, open: () => Promise<void>, file: FileSpec) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), open()]);
  await chooser.setFiles({ name: file.name, mimeType: file.type ?? "text/plain", buffer: Buffer.from(file.content) });
}

/** Clicks something that downloads a file; answers the file's suggested name and text. */
export async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, "utf8") };
}

/** Holds POSTs to URLs matching `pattern` for `ms` before they go out, so a short-lived state (progress) can be seen. */
export async function slowDownPosts(page: Page, pattern: string, ms: number) {
  await page.route(pattern, async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}
