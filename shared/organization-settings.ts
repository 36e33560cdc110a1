// An organization's settings as people read them: the switch on the screens, the policy's refusal and
// the server's answers all quote these words (no zod here, so the policy can import them cheaply).

export const STAFF_CARDDAV_LABEL = "Staff may sync the book to their devices";
export const STAFF_CARDDAV_DESCRIPTION =
  "Staff members can add this organization's address book to their phones and computers with an app password (CardDAV). Owners and admins always can.";
