import type { ComponentType } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { NotFoundPage } from "@/components/not-found-page";
import { RouteErrorBoundary } from "@/components/route-error-boundary";

/**
 * A screen's code, loaded when its route is first visited: /login does not download the contacts
 * screen, nor the contacts screen the import wizard. The shell, the auth guard and React stay in the
 * entry chunk.
 */
function lazyRoute<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: "/login", lazy: lazyRoute(() => import("@/features/auth/routes/login-route"), "LoginRoute") },
      { path: "/reset-password", lazy: lazyRoute(() => import("@/features/auth/routes/reset-password-route"), "ResetPasswordRoute") },
      { path: "/auth/callback", lazy: lazyRoute(() => import("@/features/auth/routes/auth-callback-route"), "AuthCallbackRoute") },
      {
        lazy: lazyRoute(() => import("@/features/auth/components/require-auth"), "RequireAuth"),
        children: [
          {
            lazy: lazyRoute(() => import("./app-shell"), "AppShell"),
            children: [
              {
                // Nested so a crashing screen shows the error inside the shell, navigation still usable.
                errorElement: <RouteErrorBoundary />,
                children: [
                  { index: true, element: <Navigate to="/contacts" replace /> },
                  { path: "/contacts", lazy: lazyRoute(() => import("@/features/contacts/routes/contacts-route"), "ContactsRoute") },
                  { path: "/groups", lazy: lazyRoute(() => import("@/features/groups/routes/groups-route"), "GroupsRoute") },
                  {
                    path: "/import",
                    lazy: lazyRoute(() => import("@/features/import-export/routes/import-export-route"), "ImportExportRoute"),
                  },
                  { path: "/settings", lazy: lazyRoute(() => import("@/features/settings/routes/settings-route"), "SettingsRoute") },
                  { path: "/menu", lazy: lazyRoute(() => import("@/features/settings/routes/settings-route"), "SettingsRoute") },
                  { path: "/admin/export", element: <Navigate to="/import#export" replace /> },
                  {
                    path: "/admin/analytics",
                    lazy: lazyRoute(() => import("@/features/analytics/routes/analytics-route"), "AnalyticsRoute"),
                  },
                  {
                    path: "/admin/users",
                    lazy: lazyRoute(() => import("@/features/members/routes/user-management-route"), "UserManagementRoute"),
                  },
                  {
                    path: "/invitations",
                    lazy: lazyRoute(() => import("@/features/invitations/routes/invitations-route"), "InvitationsRoute"),
                  },
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
