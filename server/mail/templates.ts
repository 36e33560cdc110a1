import type { Mail } from "./mailer.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function layout(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }): Mail {
  const text = [...paragraphs, "", `${action.label}: ${action.url}`, "", "If you did not expect this e-mail, you can ignore it."].join(
    "\n",
  );
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:13px">Or open this link: ${escapeHtml(action.url)}</p>
<p style="color:#666;font-size:13px">If you did not expect this e-mail, you can ignore it.</p>
</body></html>`;
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, url: string): Mail {
  return layout(
    to,
    "Reset your Contactbook password",
    ["Someone asked to reset the password of your Contactbook account.", "The link works once and expires in 1 hour."],
    { label: "Set a new password", url },
  );
}

export function emailConfirmationMail(to: string, url: string): Mail {
  return layout(to, "Confirm your e-mail address for Contactbook", ["Please confirm your e-mail address for Contactbook."], {
    label: "Confirm e-mail address",
    url,
  });
}

export interface InvitationMailInput {
  to: string;
  organizationName: string;
  inviterName: string;
  role: string;
  url: string;
}

/** To an address with no account yet: choosing a password accepts the invitation. */
export function invitationMail({ to, organizationName, inviterName, role, url }: InvitationMailInput): Mail {
  return layout(
    to,
    `You have been invited to ${organizationName} on Contactbook`,
    [
      `${inviterName} invited you to join ${organizationName} on Contactbook, the organization's shared contact book, as ${role}.`,
      "Choose your password to accept the invitation and sign in. The link works once and expires in 7 days.",
    ],
    { label: "Choose your password", url },
  );
}

/** To someone who already has an account: they accept or decline in the app, after signing in. */
export function invitationToAccountMail({ to, organizationName, inviterName, role, url }: InvitationMailInput): Mail {
  return layout(
    to,
    `You have been invited to ${organizationName} on Contactbook`,
    [
      `${inviterName} invited you to join ${organizationName} on Contactbook as ${role}.`,
      "Sign in with your existing account to accept or decline. The invitation expires in 7 days; until you accept, you are not a member.",
    ],
    { label: "Review the invitation", url },
  );
}

/** A Security Alert notification, mailed when SMTP_URL is set. */
export function securityAlertMail(to: string, title: string, body: string, url: string): Mail {
  return layout(to, `Contactbook security alert: ${title}`, [title, body], { label: "Open Contactbook", url });
}

export interface NewDeviceMailInput {
  to: string;
  /** "Firefox on Windows" */
  device: string;
  ip: string | null;
  /** When, as the mail states it (UTC). */
  at: Date;
  url: string;
}

/** A sign-in from a device the account had not signed in from before. */
export function newDeviceSignInMail({ to, device, ip, at, url }: NewDeviceMailInput): Mail {
  const when = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return layout(
    to,
    "New sign-in to your Contactbook account",
    [
      `Your Contactbook account was signed in to from a new device: ${device}, from the address ${ip ?? "unknown"}, at ${when}.`,
      "If this was you, there is nothing to do.",
      "If it was not you, change your password now and choose 'Sign out everywhere else' in Settings > Security.",
      "You can turn these e-mails off in Settings > Notifications.",
    ],
    { label: "Review where you're signed in", url },
  );
}
