import { describe, expect, it } from "vitest";
import { addressLine, mapsUrl, webUrl } from "./contact-links";

describe("contact links", () => {
  const address = { street: "1 Main St\nUnit 4", extended: null, city: "Nashville", region: "TN", postal_code: "37201", country: null };

  it("searches an address on one line on OpenStreetMap", () => {
    expect(addressLine(address)).toBe("1 Main St, Unit 4, Nashville, TN, 37201");
    expect(mapsUrl(address)).toBe(
      "https://www.openstreetmap.org/search?query=1%20Main%20St%2C%20Unit%204%2C%20Nashville%2C%20TN%2C%2037201",
    );
  });

  it.each([
    ["https://example.com/a", "https://example.com/a"],
    ["HTTP://Example.com", "http://example.com/"],
    ["example.com", "https://example.com/"],
    ["javascript:alert(1)", null],
    ["mailto:a@example.com", null],
    ["data:text/html,hi", null],
    ["", null],
  ])("opens %s as %s", (value, url) => {
    expect(webUrl(value)).toBe(url);
  });
});
