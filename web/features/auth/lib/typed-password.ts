// The password just typed on the sign-in form, kept in this page's memory only (never stored), so a
// temporary password's change screen need not ask for it again. A reload forgets it, and the screen
// then asks.
let typed: string | null = null;

export function keepTypedPassword(password: string) {
  typed = password;
}

export function typedPassword(): string | null {
  return typed;
}

export function forgetTypedPassword() {
  typed = null;
}
