import { PageHeader } from "@/components/page-header";

export function GroupsRoute() {
  return <PageHeader title="User Groups" />;
}
