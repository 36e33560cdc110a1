import { createBrowserRouter, Navigate } from "react-router";
import { AppShell } from "./app-shell";
import { NotFoundPage } from "@/components/not-found-page";
import { RouteErrorBoundary } from "@/components/route-error-boundary";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { AuthCallbackRoute } from "@/features/auth/routes/auth-callback-route";
import { LoginRoute } from "@/features/auth/routes/login-route";
import { ResetPasswordRoute } from "@/features/auth/routes/reset-password-route";
import { ContactsRoute } from "@/features/contacts/routes/contacts-route";
import { GroupsRoute } from "@/features/groups/routes/groups-route";
import { ImportExportRoute } from "@/features/import-export/routes/import-export-route";
import { InvitationsRoute } from "@/features/invitations/routes/invitations-route";
import { UserManagementRoute } from "@/features/members/routes/user-management-route";
import { SettingsRoute } from "@/features/settings/routes/settings-route";

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: "/login", element: <LoginRoute /> },
      { path: "/reset-password", element: <ResetPasswordRoute /> },
      { path: "/auth/callback", element: <AuthCallbackRoute /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                // Nested so a crashing screen shows the error inside the shell, navigation still usable.
                errorElement: <RouteErrorBoundary />,
                children: [
                  { index: true, element: <Navigate to="/contacts" replace /> },
                  { path: "/contacts", element: <ContactsRoute /> },
                  { path: "/groups", element: <GroupsRoute /> },
                  { path: "/import", element: <ImportExportRoute /> },
                  { path: "/settings", element: <SettingsRoute /> },
                  { path: "/menu", element: <SettingsRoute /> },
                  { path: "/admin/export", element: <SettingsRoute /> },
                  { path: "/admin/analytics", element: <SettingsRoute /> },
                  { path: "/admin/users", element: <UserManagementRoute /> },
                  { path: "/invitations", element: <InvitationsRoute /> },
                ],
              },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
