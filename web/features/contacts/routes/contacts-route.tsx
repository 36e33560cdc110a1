import { Suspense, lazy, useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { CONTACT_SORTS, type ContactFilter, type ContactSort, DEFAULT_SORT } from "@shared/contact-fields";
import { roleAllows } from "@shared/permissions";
import { PageHeader } from "@/components/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { useMeQuery } from "@/features/auth/api";
import { useCurrentOrganization } from "@/features/organizations/api";
import { ImportExportPanel, useImportExportPanel } from "@/features/import-export/api";
import { matrixRole } from "@shared/policy/can";
import { useMediaQuery } from "@/hooks/use-media-query";
import { useOnline } from "@/hooks/use-online";
import { matchesSearch } from "../lib/local-search";
import { useRememberedChoice } from "@/hooks/use-remembered-choice";
import { fetchContact, useContactCountsQuery, useContactDeleteMutation, useContactsQuery, useContactUndoDeleteMutation } from "../api";
import { ContactsControls } from "../components/contacts-controls";
import { type ContactView, ContactsList } from "../components/contacts-list";
import { ContactActionsSheet, type ContactCommands, ContactsToolbar } from "../components/contact-actions-sheet";
import { TrashDialog } from "../components/trash-dialog";
import { useContactListRefresh } from "../hooks/use-contact-list-refresh";
import { useMergeToasts } from "../hooks/use-merge-toasts";
import { type ContactRowActions, useContactRowWrites } from "../hooks/use-contact-row-actions";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { failureReason, isCappedCount, isExactCount } from "../lib/contact-display";
import type { Contact } from "../types";
import { NO_ORGANIZATION, NoOrganizationAlert } from "@/components/no-organization-alert";
import { useSearchParams } from "react-router";
import { ContactGroupSelect } from "../components/contact-group-select";
import { SelectionBar, selectionWords } from "../components/contact-selection-bar";
import { useBulkActions } from "../hooks/use-bulk-actions";
import { useListSelection } from "../hooks/use-list-selection";

// The dialogs (the form with react-hook-form, zod and the phone library; details; deleted contacts) load
// when first opened, so the list shows without them; the form's code is fetched once the list is up.
const loadForm = () => import("../components/contact-form-dialog");
const ContactFormDialog = lazy(() => loadForm().then((m) => ({ default: m.ContactFormDialog })));
const ContactDetailDialog = lazy(() => import("../components/contact-detail-dialog").then((m) => ({ default: m.ContactDetailDialog })));
const BulkGroupDialog = lazy(() => import("../components/bulk-group-dialog").then((m) => ({ default: m.BulkGroupDialog })));
const DeletedContactsDialog = lazy(() =>
  import("../components/deleted-contacts-dialog").then((m) => ({ default: m.DeletedContactsDialog })),
);
const DuplicateContactsDialog = lazy(() =>
  import("../components/duplicate-contacts-dialog").then((m) => ({ default: m.DuplicateContactsDialog })),
);
const MergeContactsDialog = lazy(() => import("../components/merge-contacts-dialog").then((m) => ({ default: m.MergeContactsDialog })));
const PREFETCH_FORM_MS = 1500;

type ContactsDialog =
  | { kind: "form"; contact: Contact | null }
  | { kind: "detail"; contact: Contact }
  | { kind: "trash"; contact: Contact }
  | { kind: "deleted" }
  | { kind: "duplicates" }
  | { kind: "merge"; contactIds: string[] }
  | null;

const VIEWS: readonly ContactView[] = ["table", "cards"];

const SEARCH_DEBOUNCE_MS = 250;
/** How long the Undo of a delete is offered (the server allows the deleter ten minutes). */
const UNDO_TOAST_MS = 10_000;

export function ContactsRoute() {
  const me = useMeQuery();
  const { current } = useCurrentOrganization();
  const orgId = current?.id ?? null;
  const role = current ? matrixRole(current) : "staff";
  const isDesktop = useMediaQuery("(min-width: 768px)");
  const isWide = useMediaQuery("(min-width: 1280px)");
  const panelId = useId();
  useEffect(() => {
    const timer = setTimeout(() => void loadForm(), PREFETCH_FORM_MS);
    return () => clearTimeout(timer);
  }, []);

  const [search, setSearch] = useState("");
  // The group the list is narrowed to lives in the URL (/contacts?group=<id>): a link or a reload keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const group = searchParams.get("group") ?? "";
  const setGroup = (id: string) =>
    setSearchParams((shown) => {
      const next = new URLSearchParams(shown);
      if (id) next.set("group", id);
      else next.delete("group");
      return next;
    });
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<ContactFilter>("all");
  const userId = me.data?.user.id;
  const [sortChoice, setSort] = useRememberedChoice<ContactSort>("contacts-sort", userId, CONTACT_SORTS);
  const sort = sortChoice ?? DEFAULT_SORT;
  const [viewChoice, setViewChoice] = useRememberedChoice<ContactView>("contacts-view", userId, VIEWS);
  const view = viewChoice ?? (isDesktop ? "table" : "cards");
  const panel = useImportExportPanel();
  const [dialog, setDialog] = useState<ContactsDialog>(null);

  // Offline the server cannot search: the list last loaded for this filter and sort is searched in the
  // browser instead, and the chips, whose counts are the server's, show none for a search.
  const online = useOnline();
  const params = useMemo(() => ({ q: online ? q : "", filter, sort, group }), [online, q, filter, sort, group]);
  const contacts = useContactsQuery(orgId, params);
  const counts = useContactCountsQuery(orgId, params.q, group);
  const shownCounts = params.q === q ? counts.data : undefined;
  const pages = contacts.data?.pages;
  // Rows that are not the server's answer to this search (offline, or a previous search's rows while the
  // new one loads) are searched in the browser, so the list never shows what the search excludes.
  const localSearch = params.q !== q || contacts.isPlaceholderData ? q : "";
  const rows = useMemo(
    () => (pages?.flatMap((page) => page.items) ?? []).filter((contact) => !localSearch || matchesSearch(contact, localSearch)),
    [pages, localSearch],
  );
  const selection = useListSelection(rows, `${orgId}|${q}|${filter}|${group}`);
  const bulk = useBulkActions(orgId ?? "", params, selection);
  const refresh = useContactListRefresh(orgId);
  const writes = useContactRowWrites(orgId ?? "");
  const deleteContact = useContactDeleteMutation(orgId ?? "");
  const undoDelete = useContactUndoDeleteMutation(orgId ?? "");
  const merges = useMergeToasts(orgId ?? "");

  // Spec section 2: with no organization selected, an info toast asks the user to select one.
  const noOrganization = me.isSuccess && orgId === null;
  const warned = useRef(false);
  useEffect(() => {
    if (noOrganization && !warned.current) {
      warned.current = true;
      toast.info(NO_ORGANIZATION);
    }
  }, [noOrganization]);

  function handleAdd() {
    if (orgId) setDialog({ kind: "form", contact: null });
    else toast.info(NO_ORGANIZATION);
  }

  function handleMoveToTrash(contact: Contact) {
    setDialog(null);
    deleteContact.mutate(contact, {
      onSuccess: () =>
        toast.success("Contact moved to trash", {
          id: `trash-${contact.id}`,
          duration: UNDO_TOAST_MS,
          action: {
            label: "Undo",
            onClick: () =>
              undoDelete.mutate(contact.id, {
                onSuccess: () => toast.success("Contact restored"),
                onError: (error) => toast.error(`Failed to restore contact: ${failureReason(error)}`),
              }),
          },
        }),
      onError: (error) => toast.error(`Failed to delete contact: ${failureReason(error)}`),
    });
  }

  function openDetail(contact: Contact) {
    writes.onOpened(contact);
    setDialog({ kind: "detail", contact });
  }

  async function openExisting(id: string) {
    if (!orgId) return;
    try {
      openDetail(await fetchContact(orgId, id));
    } catch (error) {
      setDialog(null);
      toast.error(`Failed to open contact: ${failureReason(error)}`);
    }
  }

  const actions: ContactRowActions = {
    ...writes,
    onOpenDetail: openDetail,
    onEdit: (contact) => setDialog({ kind: "form", contact }),
    onDelete: (contact) => setDialog({ kind: "trash", contact }),
  };
  // The list's size for assistive technology, when the count is exact (not capped, not from another search).
  const count = shownCounts && !counts.isPlaceholderData ? shownCounts[filter] : undefined;
  const listTotal = count !== undefined && (isExactCount(filter, q, group) || !isCappedCount(count)) ? count : undefined;
  const refreshing = contacts.isRefetching && !contacts.isFetchingNextPage;
  const commands: ContactCommands = {
    refreshing,
    onRefresh: () => (orgId ? void refresh() : toast.info(NO_ORGANIZATION)),
    onShowDeleted: roleAllows(role, "trash.view") && orgId ? () => setDialog({ kind: "deleted" }) : undefined,
    canExport: roleAllows(role, "contacts.export"),
    panelId,
    panelCard: panel.card,
    onTogglePanel: panel.toggle,
    onAdd: handleAdd,
  };

  return (
    <>
      <PageHeader
        title="Contact Management"
        description="Manage your organization's contacts"
        actions={
          // Offline the list stays browsable (app-shell.tsx); what asks the server is off.
          <fieldset disabled={!online} className="contents">
            {isDesktop ? <ContactsToolbar {...commands} /> : <ContactActionsSheet {...commands} />}
          </fieldset>
        }
        className="max-sm:mb-3 max-sm:flex-row max-sm:items-center max-sm:justify-between"
      />
      <fieldset disabled={!online} className="contents">
        <ImportExportPanel id={panelId} card={panel.card} listScope={{ q, filter }} />
      </fieldset>
      {me.isPending ? (
        <PageSpinner label="Loading contacts" />
      ) : !orgId ? (
        <NoOrganizationAlert />
      ) : (
        <>
          <ContactsControls
            search={search}
            onSearchChange={setSearch}
            filter={filter}
            counts={shownCounts}
            q={q}
            onFilterChange={setFilter}
            sort={sort}
            onSortChange={setSort}
            view={view}
            onViewChange={setViewChoice}
            onPullToRefresh={isDesktop ? undefined : commands.onRefresh}
            refreshing={refreshing}
            onAdd={isDesktop || !online ? undefined : handleAdd}
            onDuplicates={online && roleAllows(role, "contacts.duplicates") ? () => setDialog({ kind: "duplicates" }) : undefined}
            group={group}
            groupSelect={(compact) => <ContactGroupSelect orgId={orgId} value={group} onChange={setGroup} compact={compact} />}
          />
          {view === "table" && online && (
            <SelectionBar
              selection={selection}
              loaded={rows.length}
              more={contacts.hasNextPage}
              count={count}
              exact={isExactCount(filter, q, group)}
              bulk={bulk}
              canExport={roleAllows(role, "contacts.export")}
            />
          )}
          <ContactsList
            contacts={rows}
            selection={selection}
            onSortChange={setSort}
            query={contacts}
            params={params}
            search={q}
            view={view}
            lanes={isWide ? 3 : isDesktop ? 2 : 1}
            total={listTotal}
            actions={actions}
            onAdd={handleAdd}
          />
        </>
      )}
      <Suspense fallback={null}>
        {orgId && bulk.groupChoice && (
          <BulkGroupDialog
            orgId={orgId}
            mode={bulk.groupChoice.mode}
            what={selectionWords(selection, count, isExactCount(filter, q, group))}
            initialGroup={bulk.groupChoice.mode === "remove" ? group : ""}
            busy={bulk.busy}
            onConfirm={bulk.onGroup}
            onOpenChange={(open) => !open && bulk.setGroupChoice(null)}
          />
        )}
        {orgId && dialog?.kind === "form" && (
          <ContactFormDialog
            orgId={orgId}
            contact={dialog.contact}
            open
            onOpenChange={(open) => !open && setDialog(null)}
            onOpenExisting={(id) => void openExisting(id)}
          />
        )}
        {orgId && dialog?.kind === "detail" && (
          <ContactDetailDialog
            orgId={orgId}
            contact={dialog.contact}
            onOpenChange={(open) => !open && setDialog(null)}
            onEdit={(contact) => setDialog({ kind: "form", contact })}
          />
        )}
        <TrashDialog
          contact={dialog?.kind === "trash" ? dialog.contact : null}
          canRestore={roleAllows(role, "trash.restore")}
          onOpenChange={(open) => !open && setDialog(null)}
          onConfirm={handleMoveToTrash}
        />
        {orgId && commands.onShowDeleted && dialog?.kind === "deleted" && (
          <DeletedContactsDialog orgId={orgId} open onOpenChange={(open) => !open && setDialog(null)} />
        )}
        {orgId && dialog?.kind === "duplicates" && (
          <DuplicateContactsDialog
            open
            onOpenChange={(open) => !open && setDialog(null)}
            onMerge={
              roleAllows(role, "contacts.merge") ? (group) => setDialog({ kind: "merge", contactIds: group.contact_ids }) : undefined
            }
          />
        )}
        {orgId && dialog?.kind === "merge" && (
          <MergeContactsDialog
            orgId={orgId}
            contactIds={dialog.contactIds}
            onOpenChange={(open) => !open && setDialog({ kind: "duplicates" })}
            onMerged={(result) => {
              setDialog(null);
              merges.merged(result);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
