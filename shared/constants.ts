// Business constants and limits from spec section 9, shared by the server and the web app.

export const DEFAULT_ORGANIZATION_NAME = "My Organization";
export const EMAIL_MAX_LENGTH = 254;
export const PROFILE_NAME_MAX_LENGTH = 100;
export const USER_NAME_MIN_LENGTH = 2;
export const ROLES = ["admin", "staff"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = "staff";
