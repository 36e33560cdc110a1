import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "@/lib/toast";
import { isApiError } from "@/api";
import { isNetworkError } from "@/lib/error-message";
import { useVerifyResetTokenQuery } from "../api";
import { parseAuthParams, removeFragmentFromAddressBar } from "../lib/auth-fragment";

export type ResetLinkState = { status: "validating" } | { status: "valid"; token: string } | { status: "invalid"; message: string };

type ParsedLink = { token: string; message?: undefined } | { token?: undefined; message: string };

/** Reads the e-mailed reset link once, hides its token from the address bar, then asks the server about it. */
export function useResetLink(): ResetLinkState {
  const location = useLocation();
  // Captured on the first render: the address bar loses the fragment right after.
  const [link] = useState(() => parseResetLink(location.hash));
  useEffect(removeFragmentFromAddressBar, []);

  const verify = useVerifyResetTokenQuery(link.token ?? null);
  const announced = useRef(false);
  useEffect(() => {
    if (!verify.isSuccess || announced.current) return;
    announced.current = true;
    toast.success("Reset link verified. You can now set your new password.");
  }, [verify.isSuccess]);

  if (link.message !== undefined) return { status: "invalid", message: link.message };
  if (verify.isError) return { status: "invalid", message: verifyErrorMessage(verify.error) };
  if (verify.isSuccess) return { status: "valid", token: link.token };
  return { status: "validating" };
}

function parseResetLink(hash: string): ParsedLink {
  const params = parseAuthParams(hash);
  if (params.error || params.errorCode) {
    if (params.error === "access_denied" || params.errorCode === "403") {
      return { message: "This password reset link has expired or been used already." };
    }
    if (params.error === "invalid_request") return { message: "Invalid password reset link format." };
    return { message: "An error occurred while validating your reset link." };
  }
  if (!params.accessToken) {
    return { message: "No valid password reset session found. Please request a new reset link." };
  }
  // Reset ("recovery") and invitation ("invite") links both land here; a confirmation link does not belong.
  if (params.type === "signup") {
    return { message: "Invalid password reset link. Please request a new one." };
  }
  return { token: params.accessToken };
}

function verifyErrorMessage(error: unknown): string {
  // A 4xx carries the server's reason ("...expired or been used already."); the rest is worth a retry.
  if (!isNetworkError(error) && isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  return "Unable to verify reset link. Please try again.";
}
