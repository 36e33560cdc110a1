import { PageHeader } from "@/components/page-header";

export function ContactsRoute() {
  return <PageHeader title="Contact Management" description="Manage your organization's contacts" />;
}
