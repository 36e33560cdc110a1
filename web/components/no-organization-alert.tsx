import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

export const NO_ORGANIZATION = "Please select an organization first";

/** What a screen of one organization shows while none is selected. */
export function NoOrganizationAlert({ description = NO_ORGANIZATION }: { description?: string }) {
  return (
    <Alert role="status">
      <AlertTitle>No organization selected</AlertTitle>
      <AlertDescription>{description}</AlertDescription>
    </Alert>
  );
}
