import { describe, expect, it } from "vitest";
import type { Contact } from "../types";
import { type ContactPages, patchContact, prependContact, reinsertContact, removeContact } from "./contact-cache";
import { formatCount } from "./contact-display";

const contact = (id: string, extra: Partial<Contact> = {}) => ({ id, first_name: id, is_favorite: false, ...extra }) as Contact;
const pages = (...ids: string[][]): ContactPages => ({
  pages: ids.map((page, i) => ({ items: page.map((id) => contact(id)), nextCursor: i < ids.length - 1 ? `c${i}` : null })),
  pageParams: ids.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});
const ids = (data: ContactPages) => data.pages.map((page) => page.items.map((c) => c.id));

describe("contact cache helpers", () => {
  it("patches one row and keeps untouched pages by reference", () => {
    const data = pages(["a", "b"], ["c"]);
    const next = patchContact(data, "c", { is_favorite: true });
    expect(next.pages[1]!.items[0]!.is_favorite).toBe(true);
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(patchContact(data, "zz", { is_favorite: true })).toBe(data);
  });

  it("shows a newly typed phone as typed until the server formats it, and keeps the format of an unchanged one", () => {
    const data: ContactPages = {
      pages: [
        { items: [contact("a", { phone: "6153906319", phone_display: "(615) 390-6319", phone_e164: "+16153906319" })], nextCursor: null },
      ],
      pageParams: [null],
    };
    const same = patchContact(data, "a", { phone: "6153906319", first_name: "Ann" }).pages[0]!.items[0]!;
    expect(same.phone_display).toBe("(615) 390-6319");
    const edited = patchContact(data, "a", { phone: "+44 20 7946 0958" }).pages[0]!.items[0]!;
    expect(edited).toMatchObject({ phone: "+44 20 7946 0958", phone_display: null, phone_e164: null });
    const answered = patchContact(data, "a", { phone: "+442079460958", phone_display: "+44 20 7946 0958" }).pages[0]!.items[0]!;
    expect(answered.phone_display).toBe("+44 20 7946 0958");
  });

  it("removes a row and puts it back where it was", () => {
    const data = pages(["a", "b"], ["c", "d"]);
    const removed = removeContact(data, "c");
    expect(ids(removed)).toEqual([["a", "b"], ["d"]]);
    const back = reinsertContact(removed, { queryKey: [], page: 1, index: 0, contact: contact("c") });
    expect(ids(back)).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    // Never twice.
    expect(reinsertContact(back, { queryKey: [], page: 1, index: 0, contact: contact("c") })).toBe(back);
  });

  it("prepends new rows to the first page", () => {
    expect(ids(prependContact(pages(["a"], ["b"]), contact("t")))).toEqual([["t", "a"], ["b"]]);
  });
});

describe("formatCount", () => {
  it("groups thousands and marks capped counts", () => {
    expect(formatCount(590)).toBe("590");
    expect(formatCount(10_004, true)).toBe("10,004");
    expect(formatCount(1_000_001)).toMatch(/\+$/);
  });
});
