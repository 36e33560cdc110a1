import { type ComponentType, Suspense, lazy } from "react";
import { Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { ErrorBoundary } from "@/components/error-boundary";
import { NotFoundPage } from "@/components/not-found-page";

/**
 * A screen's code, loaded when its route is first visited: /login does not download the contacts
 * screen, nor the contacts screen the import wizard. The routes are declared as components (React
 * Router's declarative mode): the app uses none of the data router's loaders or actions, and leaving
 * it out takes a fifth off the JavaScript every first visit downloads.
 */
function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginRoute = screen(() => import("@/features/auth/routes/login-route"), "LoginRoute");
const ResetPasswordRoute = screen(() => import("@/features/auth/routes/reset-password-route"), "ResetPasswordRoute");
const JoinRoute = screen(() => import("@/features/auth/routes/join-route"), "JoinRoute");
const AuthCallbackRoute = screen(() => import("@/features/auth/routes/auth-callback-route"), "AuthCallbackRoute");
const RequireAuth = screen(() => import("@/features/auth/components/require-auth"), "RequireAuth");
const AppShell = screen(() => import("./app-shell"), "AppShell");
const ContactsRoute = screen(() => import("@/features/contacts/routes/contacts-route"), "ContactsRoute");
const GroupsRoute = screen(() => import("@/features/groups/routes/groups-route"), "GroupsRoute");
const ImportExportRoute = screen(() => import("@/features/import-export/routes/import-export-route"), "ImportExportRoute");
const SettingsRoute = screen(() => import("@/features/settings/routes/settings-route"), "SettingsRoute");
const AnalyticsRoute = screen(() => import("@/features/analytics/routes/analytics-route"), "AnalyticsRoute");
const UserManagementRoute = screen(() => import("@/features/members/routes/user-management-route"), "UserManagementRoute");
const InvitationsRoute = screen(() => import("@/features/invitations/routes/invitations-route"), "InvitationsRoute");

/**
 * A crash in a screen shows the error page in its place (inside the shell, navigation still usable);
 * moving to another path tries again (without remounting what is fine: the shell keeps its state). Navigations run in a transition, so the
 * screen shown stays until the next one's code has loaded.
 */
function RouteBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RouteBoundary />}>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/reset-password" element={<ResetPasswordRoute />} />
        <Route path="/join" element={<JoinRoute />} />
        <Route path="/auth/callback" element={<AuthCallbackRoute />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppShell />}>
            <Route element={<RouteBoundary />}>
              <Route index element={<Navigate to="/contacts" replace />} />
              <Route path="/contacts" element={<ContactsRoute />} />
              <Route path="/groups" element={<GroupsRoute />} />
              <Route path="/import" element={<ImportExportRoute />} />
              <Route path="/settings" element={<SettingsRoute />} />
              <Route path="/menu" element={<SettingsRoute />} />
              <Route path="/admin/export" element={<Navigate to="/import#export" replace />} />
              <Route path="/admin/analytics" element={<AnalyticsRoute />} />
              <Route path="/admin/users" element={<UserManagementRoute />} />
              <Route path="/invitations" element={<InvitationsRoute />} />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
