import { Suspense, lazy } from "react";
import { useMeQuery } from "@/features/auth/api";

// The shell shows this on every screen, yet only the first administrator's first sign-in needs it: its
// form loads then.
const FirstRunWelcome = lazy(() => import("./first-run-welcome").then((m) => ({ default: m.FirstRunWelcome })));

export function LazyFirstRunWelcome() {
  const pending = useMeQuery().data?.user.welcomePending;
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <FirstRunWelcome />
    </Suspense>
  );
}
