import { Download, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useInstallPrompt } from "@/hooks/use-install-prompt";

export function InstallPrompt() {
  const { canInstall, install, dismiss } = useInstallPrompt();
  if (!canInstall) return null;

  return (
    // Bottom-left of the content on desktop: toasts own the bottom-right corner.
    <Card
      role="region"
      aria-label="Install App"
      className="fixed inset-x-4 bottom-20 z-40 gap-4 py-4 shadow-lg md:right-auto md:bottom-6 md:left-[calc(16rem+1.5rem)] md:w-80"
    >
      <CardHeader className="px-4">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Download aria-hidden="true" className="size-4 text-primary" />
            Install App
          </CardTitle>
          <Button variant="ghost" size="icon" className="-mt-2 -mr-2 size-8" aria-label="Dismiss" onClick={dismiss}>
            <X aria-hidden="true" />
          </Button>
        </div>
        <CardDescription>Add Contactbook to your home screen for quick, full-screen access.</CardDescription>
      </CardHeader>
      <div className="flex justify-end gap-2 px-4">
        <Button size="sm" onClick={() => void install()}>
          Install
        </Button>
      </div>
    </Card>
  );
}
