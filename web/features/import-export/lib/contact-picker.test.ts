import { afterEach, describe, expect, it, vi } from "vitest";
import { DEVICE_FAILED, NOT_NATIVE, NO_CONTACTS, PERMISSION_REQUIRED, hasContactPicker, pickContacts } from "./contact-picker";

const withContacts = (contacts: unknown) => vi.stubGlobal("navigator", { contacts });

describe("pickContacts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the offered properties, several contacts, and keeps the server's limits", async () => {
    const select = vi.fn().mockResolvedValue([{ name: ["Ann Lee"], tel: Array(25).fill("555"), email: [] }, {}]);
    withContacts({ select, getProperties: () => Promise.resolve(["name", "tel", "address"]) });
    expect(hasContactPicker()).toBe(true);
    const picked = await pickContacts();
    expect(select).toHaveBeenCalledWith(["name", "tel"], { multiple: true });
    expect(picked[0]).toEqual({ name: ["Ann Lee"], tel: Array(20).fill("555"), email: [] });
    expect(picked[1]).toEqual({});
  });

  it("answers the spec's messages for each failure", async () => {
    withContacts(undefined);
    expect(hasContactPicker()).toBe(false);
    await expect(pickContacts()).rejects.toThrow(NOT_NATIVE);
    withContacts({ select: () => Promise.resolve([]) });
    await expect(pickContacts()).rejects.toThrow(NO_CONTACTS);
    withContacts({ select: () => Promise.reject(new DOMException("denied", "NotAllowedError")) });
    await expect(pickContacts()).rejects.toThrow(PERMISSION_REQUIRED);
    withContacts({ select: () => Promise.reject(new DOMException("busy", "InvalidStateError")) });
    await expect(pickContacts()).rejects.toThrow(DEVICE_FAILED);
  });
});
