// An organization's settings as people read them: the switch on the screens, the policy's refusal and
// the server's answers all quote these words (no zod here, so the policy can import them cheaply).

export const STAFF_CARDDAV_LABEL = "Staff may sync the book to their devices";
export const STAFF_CARDDAV_DESCRIPTION =
  "Staff members can add this organization's address book to their phones and computers with an app password (CardDAV). Owners and admins always can.";

export const REQUIRE_PHONE_LABEL = "Every contact needs a phone number";
export const REQUIRE_PHONE_DESCRIPTION =
  "When off, a contact can be saved with only an e-mail address or only a name. A phone number that is given must still be valid.";

export const REQUIRE_TWO_FACTOR_LABEL = "Require two-factor for everyone in this organization";
export const REQUIRE_TWO_FACTOR_DESCRIPTION =
  "Members without two-factor authentication cannot open this organization or sync its address book until they turn it on in Settings > Security. Turn it on for your own account first.";
