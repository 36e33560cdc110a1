import { lazy } from "react";

// Only for someone signed in with a temporary password: its form (react-hook-form, zod) loads then. The
// caller supplies the Suspense fallback (the sign-in gate shows a spinner in its own layout).
export const LazyChangePasswordCard = lazy(() => import("./change-password-card").then((m) => ({ default: m.ChangePasswordCard })));
