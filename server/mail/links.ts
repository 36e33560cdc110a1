// Tokens travel in the URL fragment: browsers never send it to a server, so it stays out of access
// logs, proxies and Referer headers.

export const resetPasswordLink = (appUrl: string, token: string) =>
  `${appUrl}/reset-password#access_token=${encodeURIComponent(token)}&type=recovery`;

export const emailConfirmationLink = (appUrl: string, token: string) =>
  `${appUrl}/auth/callback#access_token=${encodeURIComponent(token)}&type=signup`;

export const invitationLink = (appUrl: string, token: string) => `${appUrl}/join#access_token=${encodeURIComponent(token)}&type=invite`;

/** Where a signed-in person answers their pending invitations (no token: acceptance needs their session). */
export const invitationsPageLink = (appUrl: string) => `${appUrl}/invitations`;
