import { PageHeader } from "@/components/page-header";

export function UserManagementRoute() {
  return <PageHeader title="User Management" />;
}
