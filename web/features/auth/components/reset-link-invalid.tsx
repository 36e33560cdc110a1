import { CircleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RequestResetLinkForm } from "./request-reset-link-form";

/** The invalid-link view: why the link cannot be used, a way to get a new one, and the way back. */
export function ResetLinkInvalid({ message }: { message: string }) {
  const [requesting, setRequesting] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>Invalid reset link</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      {requesting ? (
        <RequestResetLinkForm onSent={() => setRequesting(false)} onCancel={() => setRequesting(false)} />
      ) : (
        <Button className="w-full" onClick={() => setRequesting(true)}>
          Request New Reset Link
        </Button>
      )}
      <Button asChild variant="outline" className="w-full">
        <Link to="/login">Back to Login</Link>
      </Button>
    </div>
  );
}
