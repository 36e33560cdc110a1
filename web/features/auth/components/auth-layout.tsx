import type { ReactNode } from "react";
import { BookUser } from "lucide-react";

/** Centred, brand-topped frame shared by the public auth screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-br from-blue-50 via-background to-indigo-50 px-4 py-10 dark:from-background dark:to-background">
      <div className="mb-8 flex flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-md">
          <BookUser aria-hidden="true" className="size-6" />
        </span>
        <p className="text-2xl font-bold tracking-tight">Contactbook</p>
        <p className="text-sm text-muted-foreground">Streamline your contact management workflow</p>
      </div>
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}
