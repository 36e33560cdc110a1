/** Spec section 8: every group write needs a signed-in user with a current organization. */
export const NO_ORGANIZATION_MESSAGE = "You must be logged in and have an organization selected";
