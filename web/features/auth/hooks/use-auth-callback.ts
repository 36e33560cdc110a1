import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { isApiError } from "@/api";
import { authKeys, useVerifyEmailMutation } from "../api";
import { parseAuthParams, removeFragmentFromAddressBar, type AuthLinkParams } from "../lib/auth-fragment";

const LINK_EXPIRED = "Email link has expired or is invalid. Please request a new confirmation email.";
const SIGNUP_REDIRECT_MS = 2000;
const DEFAULT_REDIRECT_MS = 3000;

type CallbackPlan =
  | { kind: "error"; message: string }
  | { kind: "no-tokens" }
  | { kind: "recovery"; to: string }
  | { kind: "confirm"; token: string; type: string | null };

export type AuthCallbackState =
  | { status: "loading" }
  | { status: "success"; message: string }
  | { status: "error"; message: string }
  | { status: "redirect"; to: string };

/** /auth/callback: reads the e-mailed link once, confirms the address, then moves on (spec sections 2, 4, 8). */
export function useAuthCallback(): AuthCallbackState {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verifyEmail = useVerifyEmailMutation();
  const confirmEmail = verifyEmail.mutate;
  const [plan] = useState(() => planCallback(location.search, location.hash));

  // The token is single-use: send it once even when development's StrictMode runs effects twice.
  const started = useRef(false);
  useEffect(() => {
    if (plan.kind === "recovery" || started.current) return;
    started.current = true;
    removeFragmentFromAddressBar();
    if (plan.kind !== "confirm") return;
    confirmEmail(plan.token, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: authKeys.me });
        toast.success("Email confirmed");
      },
    });
  }, [plan, confirmEmail, queryClient]);

  const state = toState(plan, verifyEmail);
  const redirect = redirectAfter(plan, state);
  const redirectTo = redirect?.to;
  const redirectDelay = redirect?.delay;
  useEffect(() => {
    if (!redirectTo) return;
    const timer = window.setTimeout(() => void navigate(redirectTo, { replace: true }), redirectDelay);
    return () => window.clearTimeout(timer);
  }, [redirectTo, redirectDelay, navigate]);

  return state;
}

function planCallback(search: string, hash: string): CallbackPlan {
  const query = parseAuthParams(search);
  if (query.error) return { kind: "error", message: linkErrorMessage(query) };
  const fragment = parseAuthParams(hash);
  // Recovery (and invitation) links belong to the reset page, which reads (and reports) the same fragment.
  if (fragment.type === "recovery" || fragment.type === "invite") {
    return { kind: "recovery", to: `/reset-password${hash}` };
  }
  if (fragment.error) return { kind: "error", message: linkErrorMessage(fragment) };
  if (!fragment.accessToken) return { kind: "no-tokens" };
  return { kind: "confirm", token: fragment.accessToken, type: fragment.type };
}

function linkErrorMessage(params: AuthLinkParams): string {
  if (params.error === "access_denied") return LINK_EXPIRED;
  return params.errorDescription ?? "Authentication failed. Please try again.";
}

function toState(plan: CallbackPlan, verifyEmail: ReturnType<typeof useVerifyEmailMutation>): AuthCallbackState {
  switch (plan.kind) {
    case "error":
      return { status: "error", message: plan.message };
    case "no-tokens":
      return { status: "error", message: "No authentication tokens found. Redirecting to login..." };
    case "recovery":
      return { status: "redirect", to: plan.to };
    case "confirm":
      if (verifyEmail.isSuccess) return { status: "success", message: "Email confirmed successfully! Redirecting..." };
      if (verifyEmail.isError) return { status: "error", message: confirmErrorMessage(verifyEmail.error) };
      return { status: "loading" };
  }
}

function redirectAfter(plan: CallbackPlan, state: AuthCallbackState): { to: string; delay: number } | null {
  if (plan.kind === "no-tokens") return { to: "/login", delay: DEFAULT_REDIRECT_MS };
  if (plan.kind !== "confirm" || state.status !== "success") return null;
  return plan.type === "signup" ? { to: "/contacts", delay: SIGNUP_REDIRECT_MS } : { to: "/login", delay: DEFAULT_REDIRECT_MS };
}

function confirmErrorMessage(error: unknown): string {
  if (!isApiError(error)) return "An unexpected error occurred. Please try again.";
  if (error.code === "access_denied") return LINK_EXPIRED;
  return "Failed to confirm email. Please try again.";
}
