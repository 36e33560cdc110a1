import { describe, expect, it } from "vitest";
import { extraLabel } from "./contact-extras";

describe("extraLabel", () => {
  it.each([
    [{ name: "TEL", params: { TYPE: "WORK,VOICE" }, value: "+1 555 0100" }, "Phone (work)"],
    [{ name: "EMAIL", params: { TYPE: "INTERNET,pref" }, value: "a@example.com" }, "Email"],
    [{ name: "X-ABRELATEDNAMES", params: { LABEL: "Sister" }, value: "Grace" }, "Related name (Sister)"],
    [{ name: "BDAY", params: {}, value: "1985-04-12" }, "Birthday"],
    [{ name: "X-CUSTOM-THING", params: {}, value: "x" }, "X-CUSTOM-THING"],
  ])("%o reads %s", (extra, label) => {
    expect(extraLabel(extra)).toBe(label);
  });
});
