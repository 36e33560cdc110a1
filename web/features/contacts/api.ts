import { keepPreviousData, type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReportedConflict } from "./lib/contact-conflicts";
import type { DuplicateChoice, PhoneMatch } from "@shared/contact-fields";
import type { ContactBulkRequest, ContactScopeQuery } from "@shared/contact-schemas";
import { groupKeys } from "@/features/groups/api";
import type { ValidContactData } from "@shared/contact-model/data-schema";
import { call, client, isApiError, withSignal } from "@/api";
import { pagedQueryOptions } from "@/lib/paged-query";
import { hasUnsavedForms } from "@/lib/form-state-registry";
import {
  type ContactPages,
  containsContact,
  locateContact,
  newTempId,
  patchContact,
  prependContact,
  reinsertContact,
  removeContact,
} from "./lib/contact-cache";
import type { Contact, ContactListParams } from "./types";

export const contactKeys = {
  all: ["contacts"] as const,
  organization: (orgId: string) => ["contacts", orgId] as const,
  lists: (orgId: string) => ["contacts", orgId, "list"] as const,
  list: (orgId: string, params: ContactListParams) => ["contacts", orgId, "list", params] as const,
  allCounts: (orgId: string) => ["contacts", orgId, "counts"] as const,
  counts: (orgId: string, q: string, group = "") => ["contacts", orgId, "counts", q, group] as const,
  detail: (orgId: string, id: string) => ["contacts", orgId, "detail", id] as const,
  trash: (orgId: string) => ["contacts", orgId, "trash"] as const,
  duplicates: (orgId: string) => ["contacts", orgId, "duplicates"] as const,
  phoneMatches: (orgId: string) => ["contacts", orgId, "phone-match"] as const,
  phoneMatch: (orgId: string, digits: string, email: string, exceptId: string | null) =>
    ["contacts", orgId, "phone-match", digits, email, exceptId] as const,
};

const org = client.orgs[":orgId"];
const contact = org.contacts[":id"];
const oneContact = (orgId: string, id: string) => ({ param: { orgId, id } });
const is4xx = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;

/** A list with more cached pages than this is not refetched in place (that would be one request per page). */
const MAX_REFETCH_PAGES = 3;
/** Spec section 4: the idle refresh. */
const BACKGROUND_REFRESH_MS = 5 * 60_000;

const backgroundRefreshAllowed = (data: ContactPages | undefined) => !hasUnsavedForms() && (data?.pages.length ?? 0) <= MAX_REFETCH_PAGES;

export function fetchContact(orgId: string, id: string, signal?: AbortSignal) {
  return call(contact.$get(oneContact(orgId, id), withSignal(signal)));
}

export type ContactDetail = Awaited<ReturnType<typeof fetchContact>>;

/** One contact with every list, fresh from the server; `placeholder` (made from the list's row) shows meanwhile. */
export function useContactQuery(orgId: string, id: string, placeholder?: ContactDetail, enabled = true) {
  return useQuery({
    queryKey: contactKeys.detail(orgId, id),
    queryFn: ({ signal }) => fetchContact(orgId, id, signal),
    enabled,
    ...(placeholder ? { placeholderData: placeholder } : {}),
  });
}

/** The groups a contact is in (the detail view). */
export function useContactGroupsQuery(orgId: string, id: string) {
  return useQuery({
    queryKey: [...contactKeys.detail(orgId, id), "groups"] as const,
    queryFn: ({ signal }) => call(org.contacts[":id"].groups.$get(oneContact(orgId, id), withSignal(signal))),
  });
}

/** Adds the contact to a group or takes it out (its detail view); its groups, the group lists and counts follow. */
export function useContactGroupMutation(orgId: string, contactId: string) {
  const queryClient = useQueryClient();
  const members = org.groups[":groupId"].members;
  return useMutation({
    mutationFn: async ({ groupId, add }: { groupId: string; add: boolean; name: string }) => {
      if (add) await call(members.$post({ param: { orgId, groupId }, json: { contact_ids: [contactId] } }));
      else await call(members[":contactId"].$delete({ param: { orgId, groupId, contactId } }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...contactKeys.detail(orgId, contactId), "groups"] });
      void queryClient.invalidateQueries({ queryKey: groupKeys.organization(orgId) });
      void refreshContactLists(queryClient, orgId);
    },
  });
}

/**
 * The contact that already holds this number, or else this e-mail address (the whole book, on the
 * server), for the form's duplicate banner.
 */
export function usePhoneMatchQuery(orgId: string, digits: string, email: string, exceptId: string | null) {
  return useQuery({
    queryKey: contactKeys.phoneMatch(orgId, digits, email, exceptId),
    queryFn: ({ signal }) =>
      call(
        org.contacts["phone-match"].$get(
          { param: { orgId }, query: { phone: digits, ...(email ? { email } : {}), ...(exceptId ? { except: exceptId } : {}) } },
          withSignal(signal),
        ),
      ),
    enabled: digits.length >= 7 || email.includes("@"),
    staleTime: 30_000,
  });
}

/** This month as the person's calendar has it ('04'): 'This month' of birthdays begins at their midnight, not the server's. */
const localMonth = () => String(new Date().getMonth() + 1).padStart(2, "0");

/** A list's scope as the server reads it: 'all N matching' of a bulk action is this, not the ids. */
export function contactScope(params: ContactListParams): ContactScopeQuery {
  return {
    filter: params.filter,
    ...(params.q ? { q: params.q } : {}),
    ...(params.group ? { group: params.group } : {}),
    ...(params.filter === "birthdays" ? { month: localMonth() } : {}),
  };
}

/** The contact list, a keyset page at a time; spec section 9: load retried 3 times after 1, 2, 4 s. */
export function useContactsQuery(orgId: string | null, params: ContactListParams) {
  return useInfiniteQuery({
    ...pagedQueryOptions(contactKeys.list(orgId ?? "", params), (page, signal) => {
      const query = {
        ...page,
        filter: params.filter,
        sort: params.sort,
        ...(params.q ? { q: params.q } : {}),
        ...(params.group ? { group: params.group } : {}),
        ...(params.filter === "birthdays" ? { month: localMonth() } : {}),
      };
      return call(org.contacts.$get({ param: { orgId: orgId! }, query }, withSignal(signal)));
    }),
    enabled: orgId !== null,
    retry: (failureCount, error) => failureCount < 3 && !is4xx(error),
    retryDelay: (attempt) => 1000 * 2 ** attempt,
    // While a new search or sort loads, keep showing the previous rows of the same organization.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === orgId ? previous : undefined),
    // An unused list is dropped soon: coming back to it refetches every page it had loaded.
    gcTime: 60_000,
    // Spec section 4: refresh when the tab comes back and every 5 minutes, unless a form holds unsaved
    // data; a long-scrolled list is left as it is (refetching it would be one request per page).
    refetchOnWindowFocus: (query) => backgroundRefreshAllowed(query.state.data),
    refetchInterval: (query) => (backgroundRefreshAllowed(query.state.data) ? BACKGROUND_REFRESH_MS : false),
  });
}

/** The filter chips' badges for the current search (and group). */
export function useContactCountsQuery(orgId: string | null, q: string, group = "") {
  return useQuery({
    queryKey: contactKeys.counts(orgId ?? "", q, group),
    queryFn: ({ signal }) =>
      call(
        org.contacts.counts.$get(
          { param: { orgId: orgId! }, query: { month: localMonth(), ...(q ? { q } : {}), ...(group ? { group } : {}) } },
          withSignal(signal),
        ),
      ),
    enabled: orgId !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: () => !hasUnsavedForms(),
    refetchInterval: () => (hasUnsavedForms() ? false : BACKGROUND_REFRESH_MS),
  });
}

/**
 * Reloads the lists. `reset` (Refresh button, restore, organization switch) drops every page but the first,
 * so the reload is one request per list; otherwise long lists are only marked stale.
 */
export async function refreshContactLists(queryClient: QueryClient, orgId: string, { reset = false } = {}) {
  const listsKey = contactKeys.lists(orgId);
  const isLong = (data: unknown) => ((data as ContactPages | undefined)?.pages.length ?? 0) > MAX_REFETCH_PAGES;
  if (reset) {
    for (const [queryKey, data] of queryClient.getQueriesData<ContactPages>({ queryKey: listsKey })) {
      if (data && isLong(data)) {
        queryClient.setQueryData<ContactPages>(queryKey, { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
      }
    }
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: listsKey, predicate: (query) => !isLong(query.state.data) }),
    queryClient.invalidateQueries({ queryKey: listsKey, predicate: (query) => isLong(query.state.data), refetchType: "none" }),
    queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId) }),
  ]);
}

/** Who holds which number changed: the duplicate groups and the form's phone matches are stale. */
function invalidateDuplicates(queryClient: QueryClient, orgId: string) {
  void queryClient.invalidateQueries({ queryKey: contactKeys.duplicates(orgId) });
  void queryClient.invalidateQueries({ queryKey: contactKeys.phoneMatches(orgId) });
}

function setLists(queryClient: QueryClient, orgId: string, update: (data: ContactPages) => ContactPages) {
  queryClient.setQueriesData<ContactPages>({ queryKey: contactKeys.lists(orgId) }, (data) => (data ? update(data) : data));
}

/** Re-reads one contact and puts the server's copy in every list (or takes it out when it is gone). */
export async function reloadContact(queryClient: QueryClient, orgId: string, id: string): Promise<ContactDetail | null> {
  try {
    const fresh = await queryClient.fetchQuery({
      queryKey: contactKeys.detail(orgId, id),
      queryFn: ({ signal }) => fetchContact(orgId, id, signal),
      staleTime: 0,
    });
    setLists(queryClient, orgId, (data) => patchContact(data, id, fresh));
    return fresh;
  } catch (error) {
    if (isApiError(error) && error.status === 404) setLists(queryClient, orgId, (data) => removeContact(data, id));
    return null;
  }
}

/** A contact as the form sends it: the single fields and every list (a list sent replaces the stored one). */
export type ContactBody = ValidContactData;

export interface CreateContactInput {
  body: ContactBody;
  /** The list row shown until the server answers (the spec's flat fields read off the lists). */
  preview: Partial<Contact>;
  /** What to do when the phone already belongs to someone (shared/contact-schemas.ts). */
  onDuplicate: DuplicateChoice;
}

/** The contact a 409 DUPLICATE_PHONE (or DUPLICATE_EMAIL) names, or null for any other error. */
/** The fields a 409 VERSION_CONFLICT names (none when the contact changed under a save of fields no one else touched). */
export function versionConflictOf(error: unknown): { message: string; conflicts: ReportedConflict[] } | null {
  if (!isApiError(error) || error.code !== "VERSION_CONFLICT") return null;
  return { message: error.message, conflicts: (error.details.conflicts as ReportedConflict[] | undefined) ?? [] };
}

export function duplicateMatchOf(error: unknown): PhoneMatch | null {
  if (!isApiError(error) || (error.code !== "DUPLICATE_PHONE" && error.code !== "DUPLICATE_EMAIL")) return null;
  return (error.details.match as PhoneMatch | undefined) ?? null;
}

/** Create (or merge, or ask). Optimistic: a row with a temporary id, replaced by the server's answer. */
export function useContactCreateMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onDuplicate }: CreateContactInput) =>
      call(org.contacts.$post({ param: { orgId }, json: { ...body, on_duplicate: onDuplicate } })),
    onMutate: async ({ preview }) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.lists(orgId) });
      const now = new Date().toISOString();
      const temp = contactFromPreview(orgId, preview, newTempId(), now);
      for (const [queryKey] of queryClient.getQueriesData<ContactPages>({ queryKey: contactKeys.lists(orgId) })) {
        const params = queryKey[3] as ContactListParams | undefined;
        if (!params || params.q || params.group || !listTakesNewContact(params.filter, temp)) continue;
        queryClient.setQueryData<ContactPages>(queryKey, (data) => (data ? prependContact(data, temp) : data));
      }
      return { tempId: temp.id };
    },
    onSuccess: ({ contact }, _input, context) => {
      setLists(queryClient, orgId, (data) => {
        if (!containsContact(data, context.tempId)) return patchContact(data, contact.id, contact);
        // A merge answers with an existing contact: when it is loaded already, drop the temporary twin.
        if (containsContact(data, contact.id)) return patchContact(removeContact(data, context.tempId), contact.id, contact);
        return patchContact(data, context.tempId, contact);
      });
      void queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId) });
      invalidateDuplicates(queryClient, orgId);
    },
    onError: (_error, _input, context) => {
      if (context) setLists(queryClient, orgId, (data) => removeContact(data, context.tempId));
    },
  });
}

export interface UpdateContactInput {
  contact: Contact;
  /** Only what changed; a list given replaces the stored list. */
  changes: Partial<ContactBody>;
  /** The changed list row shown until the server answers. */
  preview: Partial<Contact>;
}

/** Versioned edit, applied to the lists at once and then replaced by the server's copy. */
export function useContactUpdateMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contact: current, changes }: UpdateContactInput) =>
      call(contact.$patch({ ...oneContact(orgId, current.id), json: { version: current.version, ...changes } })),
    onMutate: async ({ contact, preview }) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.lists(orgId) });
      setLists(queryClient, orgId, (data) => patchContact(data, contact.id, preview));
    },
    onSuccess: (saved) => {
      setLists(queryClient, orgId, (data) => patchContact(data, saved.id, saved));
      // An edit in the app leaves the device's extra lines as they were.
      queryClient.setQueryData<ContactDetail>(contactKeys.detail(orgId, saved.id), (detail) => detail && { ...detail, ...saved });
      void queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId) });
      invalidateDuplicates(queryClient, orgId);
    },
    // The optimistic copy is wrong now: put the server's state back (the caller re-reads the contact too).
    onError: () => refreshContactLists(queryClient, orgId),
  });
}

/** Favourite on/off, optimistic and reverted on failure. */
export function useContactFavoriteMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, is_favorite }: { id: string; is_favorite: boolean }) =>
      call(contact.favorite.$post({ ...oneContact(orgId, id), json: { is_favorite } })),
    onMutate: ({ id, is_favorite }) => setLists(queryClient, orgId, (data) => patchContact(data, id, { is_favorite })),
    onError: (_error, { id, is_favorite }) => setLists(queryClient, orgId, (data) => patchContact(data, id, { is_favorite: !is_favorite })),
    onSuccess: (saved) => {
      setLists(queryClient, orgId, (data) => patchContact(data, saved.id, saved));
      void queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId) });
    },
  });
}

/** Soft delete (to the trash), optimistic; the rows come back where they were on failure. */
export function useContactDeleteMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doomed: Contact) => call(contact.$delete(oneContact(orgId, doomed.id))),
    onMutate: async (contact) => {
      await queryClient.cancelQueries({ queryKey: contactKeys.lists(orgId) });
      const rows = locateContact(queryClient, contactKeys.lists(orgId), contact.id);
      setLists(queryClient, orgId, (data) => removeContact(data, contact.id));
      return { rows };
    },
    onError: (_error, _contact, context) => {
      for (const row of context?.rows ?? []) {
        queryClient.setQueryData<ContactPages>(row.queryKey, (data) => (data ? reinsertContact(data, row) : data));
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId) });
      void queryClient.invalidateQueries({ queryKey: contactKeys.trash(orgId) });
      invalidateDuplicates(queryClient, orgId);
    },
  });
}

/** Records that the contact was opened (feeds Recent). Failures are ignored (spec section 7). */
export function useContactAccessMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(contact.access.$post(oneContact(orgId, id))),
    onSuccess: ({ last_accessed }, id) => {
      setLists(queryClient, orgId, (data) => patchContact(data, id, { last_accessed }));
      void queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId) });
    },
  });
}

/** Deleted contacts, newest deletion first (admins only). */
export function useTrashQuery(orgId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    ...pagedQueryOptions(contactKeys.trash(orgId ?? ""), (query, signal) =>
      call(org.trash.$get({ param: { orgId: orgId! }, query }, withSignal(signal))),
    ),
    enabled: enabled && orgId !== null,
  });
}

function dropFromTrash(queryClient: QueryClient, orgId: string, id: string) {
  queryClient.setQueryData<ContactPages>(contactKeys.trash(orgId), (data) => (data ? removeContact(data, id) : data));
}

/** Undo of a delete: the contact comes back (admins any time, its deleter for ten minutes). */
export function useContactUndoDeleteMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(contact.restore.$post(oneContact(orgId, id))),
    onSuccess: (_restored, id) => {
      dropFromTrash(queryClient, orgId, id);
      void refreshContactLists(queryClient, orgId);
      invalidateDuplicates(queryClient, orgId);
    },
  });
}

export function useTrashRestoreMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(org.trash[":id"].restore.$post(oneContact(orgId, id))),
    onSuccess: (_restored, id) => {
      dropFromTrash(queryClient, orgId, id);
      // The restored contact is back in the lists and the counts.
      void refreshContactLists(queryClient, orgId, { reset: true });
      invalidateDuplicates(queryClient, orgId);
    },
  });
}

export function useTrashPurgeMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(org.trash[":id"].$delete(oneContact(orgId, id))),
    onSuccess: (_nothing, id) => dropFromTrash(queryClient, orgId, id),
  });
}

/** Groups of active contacts sharing a phone number, a page of groups at a time (admins only). */
export function useDuplicateContactsQuery(orgId: string | null, enabled: boolean) {
  return useInfiniteQuery({
    ...pagedQueryOptions(contactKeys.duplicates(orgId ?? ""), (query, signal) =>
      call(org.contacts.duplicates.$get({ param: { orgId: orgId! }, query }, withSignal(signal))),
    ),
    enabled: enabled && orgId !== null,
  });
}

/** A new contact goes on top of the lists that would show it; Recent and the birthday list wait for the server. */
const listTakesNewContact = (filter: ContactListParams["filter"], contact: Contact) =>
  filter === "all" || (filter === "favorites" && contact.is_favorite);

/** The row shown until the server answers a create. */
function contactFromPreview(orgId: string, preview: Partial<Contact>, id: string, now: string): Contact {
  return {
    first_name: "",
    last_name: null,
    company: null,
    email: null,
    phone: null,
    phone_type: "mobile",
    phone2: null,
    phone2_type: "home",
    address: null,
    city: null,
    province_state: null,
    postal_zip_code: null,
    notes: null,
    is_favorite: false,
    kind: "person",
    name_prefix: null,
    middle_name: null,
    name_suffix: null,
    phonetic_first_name: null,
    phonetic_last_name: null,
    nickname: null,
    department: null,
    job_title: null,
    birthday: null,
    ...preview,
    id,
    organization_id: orgId,
    // The server reads the numbers; until it answers, the typed ones are shown.
    phone_e164: null,
    phone2_e164: null,
    phone_display: null,
    phone2_display: null,
    photo_etag: null,
    last_accessed: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    version: 1,
  };
}

/** Sets or removes a contact's photo; the lists and the detail view show the new one (or the initials). */
export function useContactPhotoMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, photo }: { id: string; photo: Blob | null }) => {
      if (!photo) return call(contact.photo.$delete(oneContact(orgId, id)));
      // The route reads the multipart file itself (no validator declares it), so the client's type lacks `form`.
      const upload = { ...oneContact(orgId, id), form: { photo: new File([photo], "photo.jpg", { type: "image/jpeg" }) } };
      return call(contact.photo.$put(upload as Parameters<typeof contact.photo.$put>[0]));
    },
    onSuccess: (saved) => {
      setLists(queryClient, orgId, (data) => patchContact(data, saved.id, saved));
      queryClient.setQueryData<ContactDetail>(contactKeys.detail(orgId, saved.id), (detail) => detail && { ...detail, ...saved });
    },
  });
}

/** One action over the list's selection (ticked ids, or the list's scope): afterwards the lists and counts reload. */
export function useContactBulkMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactBulkRequest) => call(org.contacts.bulk.$post({ param: { orgId }, json: input })),
    onSuccess: () => afterBulk(queryClient, orgId),
  });
}

/** The Undo of a bulk move to the trash (by the time it answered). */
export function useContactBulkRestoreMutation(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deletedAt: string) => call(org.contacts.bulk.restore.$post({ param: { orgId }, json: { deleted_at: deletedAt } })),
    onSuccess: () => afterBulk(queryClient, orgId),
  });
}

function afterBulk(queryClient: QueryClient, orgId: string) {
  void refreshContactLists(queryClient, orgId, { reset: true });
  void queryClient.invalidateQueries({ queryKey: contactKeys.trash(orgId) });
  void queryClient.invalidateQueries({ queryKey: groupKeys.organization(orgId) });
  // A contact's groups in its detail view.
  void queryClient.invalidateQueries({ queryKey: [...contactKeys.organization(orgId), "detail"] });
  invalidateDuplicates(queryClient, orgId);
}

/** The contacts ticked, exported as a file the browser saves (POST: their ids do not fit in a URL). */
export async function downloadSelection(orgId: string, ids: string[]): Promise<void> {
  const response = await org.export.selection.$post({ param: { orgId }, json: { ids } });
  // A refusal throws the server's message, as every other call does.
  if (!response.ok) await call(Promise.resolve(response));
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "contacts.csv";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// Live updates (web/features/live): another person's changes patched into what this tab has loaded.

/** A contact created or restored elsewhere: on top of the lists it belongs in (as a create of our own would be). */
export async function showContactFromElsewhere(queryClient: QueryClient, orgId: string, id: string): Promise<void> {
  const listed = queryClient
    .getQueriesData<ContactPages>({ queryKey: contactKeys.lists(orgId) })
    .some(([, data]) => data !== undefined && containsContact(data, id));
  const fresh = await reloadContact(queryClient, orgId, id);
  if (!fresh || listed) return;
  for (const [queryKey, data] of queryClient.getQueriesData<ContactPages>({ queryKey: contactKeys.lists(orgId) })) {
    const params = queryKey[3] as ContactListParams | undefined;
    if (!data || !params || params.q || params.group || !listTakesNewContact(params.filter, fresh)) continue;
    if (!containsContact(data, id)) queryClient.setQueryData<ContactPages>(queryKey, prependContact(data, fresh));
  }
}

/** A contact changed elsewhere: the server's copy replaces the loaded one (a list that does not hold it is left alone). */
export async function refreshContactFromElsewhere(queryClient: QueryClient, orgId: string, id: string): Promise<void> {
  const listed = queryClient
    .getQueriesData<ContactPages>({ queryKey: contactKeys.lists(orgId) })
    .some(([, data]) => data !== undefined && containsContact(data, id));
  if (listed || queryClient.getQueryData(contactKeys.detail(orgId, id))) await reloadContact(queryClient, orgId, id);
}

/** A contact trashed or deleted elsewhere leaves every list. */
export function dropContactFromElsewhere(queryClient: QueryClient, orgId: string, id: string): void {
  setLists(queryClient, orgId, (data) => removeContact(data, id));
  queryClient.removeQueries({ queryKey: contactKeys.detail(orgId, id) });
}

/** Group memberships changed elsewhere: lists and counts narrowed to a group, and contacts' groups, reload. */
export function refreshGroupScopedContacts(queryClient: QueryClient, orgId: string): Promise<unknown> {
  const byGroup = (key: readonly unknown[], at: number) => {
    const part = key[at];
    return typeof part === "string" ? part !== "" : Boolean((part as ContactListParams | undefined)?.group);
  };
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactKeys.lists(orgId), predicate: (query) => byGroup(query.queryKey, 3) }),
    queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId), predicate: (query) => byGroup(query.queryKey, 4) }),
    queryClient.invalidateQueries({
      queryKey: [...contactKeys.organization(orgId), "detail"],
      predicate: (query) => query.queryKey.at(-1) === "groups",
    }),
  ]);
}

/** Counts, trash and duplicates after changes elsewhere. */
export function invalidateContactSideQueries(queryClient: QueryClient, orgId: string): void {
  void queryClient.invalidateQueries({ queryKey: contactKeys.allCounts(orgId) });
  void queryClient.invalidateQueries({ queryKey: contactKeys.trash(orgId) });
  invalidateDuplicates(queryClient, orgId);
}

// The feature's public surface beyond its data: what other screens show of contacts.
export type { Contact } from "./types";
export { LazyDuplicateContactsDialog } from "./components/duplicate-contacts-dialog-lazy";
