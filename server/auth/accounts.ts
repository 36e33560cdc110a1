import type { Auth } from "./auth.js";

export interface NewAccount {
  email: string;
  name: string;
  password: string;
  emailVerified: boolean;
}

/**
 * Creates a user with a password credential through Better Auth's own adapter (sign-up is closed
 * to the public, so admins and the first-run bootstrap come through here). `storedHash`, a hash of
 * `input.password` made before, spares the tests that make hundreds of users one scrypt each.
 */
export async function createAccount(auth: Auth, input: NewAccount, storedHash?: string): Promise<{ id: string; email: string }> {
  const ctx = await auth.$context;
  const hash = storedHash ?? (await ctx.password.hash(input.password));
  const user = await ctx.internalAdapter.createUser(
    {
      email: input.email.toLowerCase(),
      name: input.name,
      emailVerified: input.emailVerified,
    },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { id: user.id, email: user.email };
}
