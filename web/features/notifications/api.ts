import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationSettings } from "@shared/notification-types";
import { call, client, withSignal } from "@/api";
import { pagedQueryOptions } from "@/lib/paged-query";

export const notificationKeys = {
  all: ["notifications"] as const,
  list: ["notifications", "list"] as const,
  unread: ["notifications", "unread"] as const,
  settings: ["notifications", "settings"] as const,
};

const notifications = client.me.notifications;

/** The bell's list, newest first, a page at a time; new ones arrive through the live stream. */
export function useNotificationsQuery(enabled: boolean) {
  return useInfiniteQuery({
    ...pagedQueryOptions(notificationKeys.list, (page, signal) => call(notifications.$get({ query: page }, withSignal(signal))), 20),
    enabled,
  });
}

/** The red dot's count; the stream invalidates it, the poll covers a stream that is paused. */
export function useUnreadNotificationsQuery() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => call(notifications["unread-count"].$get(undefined, withSignal(signal))).then((r) => r.unread),
    refetchInterval: 5 * 60_000,
  });
}

export function useMarkNotificationReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(notifications[":id"].read.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notifications["read-all"].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useNotificationSettingsQuery() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => call(client.me["notification-settings"].$get(undefined, withSignal(signal))),
  });
}

type SettingsChange = Partial<Omit<NotificationSettings, "email_available">>;

/** One toggle at a time, shown at once and put back if the server refuses. */
export function useUpdateNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) => call(client.me["notification-settings"].$patch({ json: change })),
    onMutate: (change) => {
      const before = queryClient.getQueryData<NotificationSettings>(notificationKeys.settings);
      if (before) queryClient.setQueryData<NotificationSettings>(notificationKeys.settings, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(notificationKeys.settings, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}
