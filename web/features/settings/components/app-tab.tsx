import { Download, Maximize, Smartphone, WifiOff, Zap } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const IOS_STEPS = [
  "Open Contactbook in Safari.",
  "Tap the Share button.",
  "Scroll down and tap “Add to Home Screen”.",
  "Tap “Add” to confirm.",
];

const ANDROID_STEPS = [
  "Open Contactbook in Chrome.",
  "Tap the menu (three dots) in the top-right corner.",
  "Tap “Add to Home screen”.",
  "Tap “Add” to confirm.",
];

const BENEFITS = [
  { icon: Maximize, title: "Full-screen experience", text: "Runs without browser bars, like a native app." },
  { icon: WifiOff, title: "Works offline", text: "Browse cached data when you have no connection." },
  { icon: Zap, title: "Instant updates", text: "Always the latest version, no app store needed." },
  { icon: Smartphone, title: "Quick access", text: "Open it straight from your home screen." },
];

/** How to install the web app on a phone, and why (spec section 2, Settings > App). */
export function AppTab() {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Download aria-hidden="true" className="size-4" />
            Install the App
          </CardTitle>
          <CardDescription>Add Contactbook to your home screen.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <InstallSteps title="iPhone and iPad (iOS)" steps={IOS_STEPS} />
          <InstallSteps title="Android" steps={ANDROID_STEPS} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>App Benefits</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-4 sm:grid-cols-2">
            {BENEFITS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-start gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                <div className="text-sm">
                  <p className="font-medium">{title}</p>
                  <p className="text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function InstallSteps({ title, steps }: { title: string; steps: string[] }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="font-medium">{title}</h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
