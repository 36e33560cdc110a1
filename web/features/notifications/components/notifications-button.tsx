import { formatDistanceToNow } from "date-fns";
import { Bell, CheckCheck, MailPlus } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { AppNotification } from "@shared/notification-types";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useMyInvitationsQuery } from "@/features/invitations/api";
import { cn } from "@/lib/utils";
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
  useUnreadNotificationsQuery,
} from "../api";

/**
 * The header bell: invitations waiting for an answer, then the person's notifications (import
 * finished, security alerts, new users), newest first. The red dot and the count show only while
 * something is unread; new notifications arrive through the live stream.
 */
export function NotificationsButton() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const invitations = useMyInvitationsQuery().data ?? [];
  const unread = useUnreadNotificationsQuery().data ?? 0;
  const list = useNotificationsQuery(open);
  const markRead = useMarkNotificationReadMutation();
  const markAll = useMarkAllNotificationsReadMutation();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const openNotification = (notification: AppNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    if (notification.link) void navigate(notification.link);
  };

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={unread ? `Notifications (${unread} unread)` : "Notifications"} className="relative">
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 && (
            <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-red-500 ring-2 ring-background" />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-[70vh] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel>Notifications</DropdownMenuLabel>
          {unread > 0 && (
            <Button variant="ghost" size="sm" className="h-7 text-xs" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              <CheckCheck aria-hidden="true" />
              Mark all as read
            </Button>
          )}
        </div>
        <DropdownMenuSeparator />
        {invitations.map((invitation) => (
          <DropdownMenuItem key={invitation.id} onSelect={() => void navigate("/invitations")}>
            <MailPlus aria-hidden="true" />
            Invitation to join {invitation.organization.name}
          </DropdownMenuItem>
        ))}
        {items.map((notification) => (
          <DropdownMenuItem
            key={notification.id}
            onSelect={() => openNotification(notification)}
            className={cn("flex flex-col items-start gap-0.5", !notification.read && "bg-accent/40")}
            aria-label={`${notification.read ? "" : "Unread: "}${notification.title}. ${notification.body}`}
          >
            <span className="flex w-full items-center gap-2 text-sm font-medium">
              {!notification.read && <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-red-500" />}
              {notification.title}
            </span>
            <span className="text-xs text-muted-foreground">{notification.body}</span>
            <span className="text-[11px] text-muted-foreground">
              {formatDistanceToNow(new Date(notification.created_at), { addSuffix: true })}
            </span>
          </DropdownMenuItem>
        ))}
        {list.hasNextPage && (
          <DropdownMenuItem
            onSelect={(event) => {
              event.preventDefault();
              void list.fetchNextPage();
            }}
            className="justify-center text-sm"
          >
            Load more
          </DropdownMenuItem>
        )}
        {invitations.length === 0 && items.length === 0 && (
          <p className="px-2 py-3 text-center text-sm text-muted-foreground">{list.isLoading ? "Loading..." : "No new notifications"}</p>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
