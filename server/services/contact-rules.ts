import { type ContactRules, type ValidContactData, contactDataSchema, inputOntoData } from "../../shared/contact-model/data-schema.js";
import type { ContactData } from "../../shared/contact-model/types.js";
import type { AppDeps } from "../deps.js";
import { AppError, badRequest } from "../errors.js";

// What every write of a contact checks (the app's, a device's, a restore from the history's): below
// the services that write, so none of them has to import another for it.

/** The organization's rules for what a contact must have. */
export async function contactRules(deps: AppDeps, organizationId: string): Promise<ContactRules> {
  const org = await deps.repos.organizations.find(organizationId);
  return { requirePhone: org ? Boolean(org.require_phone) : true };
}

/** A request's contact onto `base`, validated with the organization's rules; 400 with the first problem. */
export function validContact(base: ContactData, body: Record<string, unknown>, rules: ContactRules): ValidContactData {
  const input = inputOntoData(base, body);
  if ("error" in input) throw badRequest(input.error);
  const parsed = contactDataSchema(rules).safeParse(input.data);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid contact.");
  return parsed.data;
}

/** Another edit came first: the client reads the contact again. */
export const versionConflict = () =>
  new AppError(
    409,
    "VERSION_CONFLICT",
    "This contact was changed by someone else while you were editing. Save again to apply your changes.",
  );
