import { Bell, MailPlus } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useMyInvitationsQuery } from "../api";

/** The header bell: its red dot shows only when an invitation waits for an answer. */
export function NotificationsButton() {
  const navigate = useNavigate();
  const invitations = useMyInvitationsQuery().data ?? [];
  const waiting = invitations.length;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={waiting ? `Notifications (${waiting} unread)` : "Notifications"}
          className="relative"
        >
          <Bell aria-hidden="true" className="size-5" />
          {waiting > 0 && (
            <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-red-500 ring-2 ring-background" />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {waiting === 0 ? (
          <p className="px-2 py-3 text-center text-sm text-muted-foreground">No new notifications</p>
        ) : (
          invitations.map((invitation) => (
            <DropdownMenuItem key={invitation.id} onSelect={() => navigate("/invitations")}>
              <MailPlus aria-hidden="true" />
              Invitation to join {invitation.organization.name}
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
