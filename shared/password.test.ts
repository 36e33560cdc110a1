import { describe, expect, it } from "vitest";
import { evaluateResetPassword, settingsPasswordStrength } from "./password.js";

describe("reset-page password scoring (spec section 5)", () => {
  it.each([
    // [password, score, valid]
    ["Gx7#kLm9$vQ2", 5, true], // 12 chars: 1 + four classes
    ["Gx7#kLm9$vQ2wR5!", 6, true], // 16+: 2 + four classes
    ["gx7#klm9$vq2", 4, false], // no uppercase: feedback, so not valid though score is 4
    ["Gx7#kLm9", 4, false], // too short: four classes only
    ["Gx7#kLLL9$vQ2", 4, false], // repeated run: -1 and feedback
    ["Gx7#kPassword9$", 3, false], // common pattern: -2 and feedback
  ])("%s scores %i (valid: %s)", (password, score, valid) => {
    const result = evaluateResetPassword(password);
    expect(result.score).toBe(score);
    expect(result.valid).toBe(valid);
  });

  it("lists every unmet rule in the spec's words", () => {
    expect(evaluateResetPassword("aaa123").feedback).toEqual([
      "Password must be at least 12 characters long",
      "Password must contain uppercase letters",
      "Password must contain special characters",
      "Password should not contain repeated characters",
      "Password should not contain common patterns",
    ]);
    expect(evaluateResetPassword("").score).toBe(0);
  });

  it("spots common patterns case-insensitively", () => {
    for (const p of ["xxADMINxx#9Aa", "Qwerty#9Aabc", "Zz#9Abcdefgh"]) {
      expect(evaluateResetPassword(p).feedback).toContain("Password should not contain common patterns");
    }
  });
});

describe("settings password meter", () => {
  it.each([
    ["", 0, "Weak"],
    ["abc", 25, "Weak"],
    ["abcD", 50, "Medium"],
    ["abcD1", 75, "Strong"],
    ["abcdefG1", 100, "Strong"],
  ])("%s -> %i%% %s", (password, percent, label) => {
    expect(settingsPasswordStrength(password)).toEqual({ percent, label });
  });
});
