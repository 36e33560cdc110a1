import type { OrgActor } from "../../shared/policy/types.js";
import type { MembershipFacts } from "../db/repositories/users.js";
import type { Actor, AppDeps } from "../deps.js";
import type { UploadedFile } from "./file-upload.js";

export type { Actor, AppDeps };

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    actor: Actor;
    /** Set by requireOrgMember on /api/orgs/:orgId routes. */
    orgActor: OrgActor;
    /** The membership of /api/orgs/:orgId read together with the session, when it was. */
    membershipRead: { organizationId: string; membership: MembershipFacts | null };
    clientIp: string;
    /** An `Authorization: Bearer` token on /api/orgs/:orgId routes, authenticated by requireOrgMember. */
    bearerToken: string | undefined;
    /** Set by requireAppPassword on the CardDAV routes (server/dav/auth.ts). */
    davUser: { userId: string; email: string; appPasswordId: string; appPasswordName: string };
    /** Set by fileUpload (server/http/file-upload.ts): the uploaded file's bytes. */
    upload: UploadedFile;
  };
}
