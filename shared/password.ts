// Password rules of spec sections 5 and 9: a strict rule for the reset page, a lighter one for the
// Settings change form. Both screens and the server use these functions.

export const RESET_MIN_LENGTH = 12;
export const RESET_BONUS_LENGTH = 16;
export const RESET_MIN_SCORE = 4;
export const RESET_MAX_SCORE = 6;
export const SETTINGS_MIN_LENGTH = 8;

const COMMON_PATTERNS = ["123", "abc", "qwe", "password", "admin"];

/** The reset rule in words, for messages outside the reset page (ADMIN_PASSWORD's check at start). */
export const RESET_PASSWORD_RULE =
  `at least ${RESET_MIN_LENGTH} characters with lowercase and uppercase letters, numbers and special characters, ` +
  `no character three times in a row and none of ${COMMON_PATTERNS.join(", ")}`;

export interface ResetPasswordStrength {
  /** 0..6 */
  score: number;
  feedback: string[];
  valid: boolean;
}

/** Scores a password for the reset page: valid only with no feedback and a score of 4 or more. */
export function evaluateResetPassword(password: string): ResetPasswordStrength {
  const feedback: string[] = [];
  let score = 0;
  if (password.length >= RESET_BONUS_LENGTH) score += 2;
  else if (password.length >= RESET_MIN_LENGTH) score += 1;
  else feedback.push("Password must be at least 12 characters long");
  const classes: [RegExp, string][] = [
    [/[a-z]/, "Password must contain lowercase letters"],
    [/[A-Z]/, "Password must contain uppercase letters"],
    [/\d/, "Password must contain numbers"],
    [/[^A-Za-z0-9]/, "Password must contain special characters"],
  ];
  for (const [pattern, message] of classes) {
    if (pattern.test(password)) score += 1;
    else feedback.push(message);
  }
  if (/(.)\1\1/.test(password)) {
    score -= 1;
    feedback.push("Password should not contain repeated characters");
  }
  const lower = password.toLowerCase();
  if (COMMON_PATTERNS.some((p) => lower.includes(p))) {
    score -= 2;
    feedback.push("Password should not contain common patterns");
  }
  score = Math.max(0, Math.min(RESET_MAX_SCORE, score));
  return { score, feedback, valid: feedback.length === 0 && score >= RESET_MIN_SCORE };
}

export type StrengthLabel = "Weak" | "Medium" | "Strong";

export interface SettingsPasswordStrength {
  /** Share of the four rules passed, 0..100. */
  percent: number;
  label: StrengthLabel;
}

/** The Settings meter: 8+ characters, upper, lower, digit; Weak below 50%, Medium below 75%. */
export function settingsPasswordStrength(password: string): SettingsPasswordStrength {
  const rules = [password.length >= SETTINGS_MIN_LENGTH, /[A-Z]/.test(password), /[a-z]/.test(password), /\d/.test(password)];
  const percent = (rules.filter(Boolean).length / rules.length) * 100;
  return { percent, label: percent < 50 ? "Weak" : percent < 75 ? "Medium" : "Strong" };
}
