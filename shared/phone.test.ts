import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import examples from "libphonenumber-js/mobile/examples";
import { describe, expect, it } from "vitest";
import { formatPhone, phoneKeys } from "./phone.js";

/** The keys as the library's whole parse gives them (finding the number's country among all that share its code). */
function wholeParseKeys(value: string, country: CountryCode) {
  const digits = value.replace(/\D/g, "");
  const text = !value.trim().startsWith("+") && digits.length === 11 && digits.startsWith("1") ? `+${digits}` : value;
  const parsed = digits.length < 7 ? undefined : parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  if (!parsed?.isPossible()) return { key: digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits, e164: null };
  const key = parsed.countryCallingCode === "1" ? parsed.nationalNumber : `${parsed.countryCallingCode}${parsed.nationalNumber}`;
  return { key, e164: parsed.number };
}

describe("phoneKeys", () => {
  it("gives one key to a North American number however it is typed", () => {
    const keys = ["+1 615 390 6319", "1 615 390 6319", "(615) 390-6319"].map((v) => phoneKeys(v, "US"));
    expect(keys).toEqual(Array(3).fill({ key: "6153906319", e164: "+16153906319" }));
    expect(phoneKeys("+1 416 555 0123", "GB")).toEqual({ key: "4165550123", e164: "+14165550123" });
  });

  it("keys a British number by its calling code and national number, typed either way", () => {
    expect(phoneKeys("+44 20 7946 0958", "US")).toEqual({ key: "442079460958", e164: "+442079460958" });
    expect(phoneKeys("020 7946 0958", "GB")).toEqual({ key: "442079460958", e164: "+442079460958" });
    expect(phoneKeys("+44 1534 123456", "US").key).toBe("441534123456");
  });

  it("keeps the bare digits of what is no possible number", () => {
    expect(phoneKeys("12345", "US")).toEqual({ key: "12345", e164: null });
    expect(phoneKeys("+44 12", "US")).toEqual({ key: "4412", e164: null });
  });

  it("gives what the library's whole parse gives, for numbers of every country typed every way", () => {
    // Each country's example mobile number with digits changed, one shorter and one longer, with and
    // without its calling code, read as an install in the US, in Britain or in that country would.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const differing: string[] = [];
    let compared = 0;
    for (const country of getCountries()) {
      const example = (examples as Record<string, string | undefined>)[country];
      if (!example) continue;
      for (let variant = 0; variant < 30; variant++) {
        let digits = [...example].map((d, i) => (i > 1 && random() < 0.5 ? String(Math.floor(random() * 10)) : d)).join("");
        if (variant % 3 === 1) digits = digits.slice(0, -1);
        if (variant % 3 === 2) digits += String(variant % 10);
        for (const value of [`+${getCountryCallingCode(country)} ${digits}`, digits, `0${digits}`])
          for (const install of ["US", "GB", country] as CountryCode[]) {
            compared++;
            const expected = wholeParseKeys(value, install);
            const actual = phoneKeys(value, install);
            if (actual.key !== expected.key || actual.e164 !== expected.e164) differing.push(`${install} ${value}`);
          }
      }
    }
    expect(compared).toBeGreaterThan(50_000);
    expect(differing).toEqual([]);
  });
});

describe("formatPhone", () => {
  it("shows North American numbers as (xxx) xxx-xxxx and others internationally", () => {
    expect(formatPhone("6153906319", "US")).toBe("(615) 390-6319");
    expect(formatPhone("+44 20 7946 0958", "US")).toBe("+44 20 7946 0958");
  });

  it("finds the number's own country among those of its calling code: a Jersey number is not British", () => {
    expect(formatPhone("07700 900123", "GB")).toBe("07700 900123");
    expect(formatPhone("01534 123456", "GB")).toBe("+44 1534 123456");
  });
});
