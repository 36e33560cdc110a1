import { twoFactor } from "better-auth/plugins";

/** Our password sign-in (password-sign-in.ts), which the plugin's own hook does not know. */
export const PASSWORD_SIGN_IN_PATH = "/sign-in/password";

/** The plugin's verification endpoints, reached through our one public `/two-factor/verify` (routes/auth.ts). */
export const VERIFY_TOTP_PATH = "/two-factor/verify-totp";
export const VERIFY_BACKUP_CODE_PATH = "/two-factor/verify-backup-code";

/** 'Trust this device for 30 days'. */
const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Better Auth's two-factor plugin (TOTP and recovery codes, no mailed codes), with its sign-in hook
 * also bound to our `/sign-in/password` (ADR 022). The plugin's after-hook matches only its own
 * sign-in paths but does not look at the path itself: given a sign-in that just created a session, it
 * swaps that session for the plugin's challenge cookie, or honours a trusted device. Reusing that
 * handler keeps the challenge's cookie, attempt counter and trust records exactly the plugin's, so its
 * verify endpoints work unchanged. If an upgrade changes the hook's shape, the app refuses to start
 * rather than letting a two-factor account sign in with a password alone.
 */
export function twoFactorForPasswordSignIn(appName: string) {
  const plugin = twoFactor({
    issuer: appName,
    trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
    schema: { twoFactor: { modelName: "two_factors" } },
    backupCodeOptions: { amount: 10, length: 10 },
  });
  const hooks = plugin.hooks.after;
  const signInHook = hooks.length === 1 ? hooks[0] : undefined;
  if (!signInHook || !signInHook.matcher({ path: "/sign-in/email" } as never)) {
    throw new Error("better-auth two-factor plugin: its sign-in hook is not where ADR 022 expects it; check the upgrade.");
  }
  const bound: typeof plugin = {
    ...plugin,
    hooks: {
      after: [
        {
          matcher: (context) => context.path === PASSWORD_SIGN_IN_PATH || signInHook.matcher(context),
          handler: signInHook.handler,
        },
      ],
    },
  };
  return bound;
}
