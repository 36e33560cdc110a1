import type { Answer, client } from "@/api";

export type { Contact } from "@/features/contacts/api";

type GroupRoutes = (typeof client.orgs)[":orgId"]["groups"];

/** A group as the API returns it (spec section 3; times are ISO strings). */
export type Group = Answer<GroupRoutes["$get"]>["items"][number];

/** One row of the member view: a contact linked to the group. */
export type GroupMember = Answer<GroupRoutes[":groupId"]["members"]["$get"]>["items"][number];

export interface GroupInput {
  name: string;
  description: string | null;
}
