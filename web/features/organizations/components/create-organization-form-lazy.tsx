import { type ComponentProps, Suspense, lazy } from "react";

// The form (react-hook-form, zod) loads when someone opens it: the shell that offers it stays light.
const CreateOrganizationForm = lazy(() => import("./create-organization-form").then((m) => ({ default: m.CreateOrganizationForm })));

export function LazyCreateOrganizationForm(props: ComponentProps<typeof CreateOrganizationForm>) {
  return (
    <Suspense fallback={null}>
      <CreateOrganizationForm {...props} />
    </Suspense>
  );
}
