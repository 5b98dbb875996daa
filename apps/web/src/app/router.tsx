import { createBrowserRouter, Link, Navigate } from 'react-router';
import { AppShell } from './AppShell';
import { EmptyState } from '../components/States';
import { GuestOnly, RequireAuth } from './RequireAuth';
import { ChangePasswordPage, InvitePage, LoginPage, ResetPasswordPage, SignupPage } from '../features/auth';
import { ApiKeysPage } from '../features/api-keys';
import { AuditPage } from '../features/audit';
import { DashboardPage } from '../features/dashboard';
import { MembersPage } from '../features/members';
import { OrganizationPage } from '../features/organization';
import { SessionsPage } from '../features/sessions';
import { SettingsLayout } from '../features/settings';
import { EditPlanPage, NewPlanPage, PlanPage } from '../features/plans';
import { ImportPlanPage } from '../features/plan-import';
import { RunPage } from '../features/runs';
import { TargetPage, TargetsPage } from '../features/targets';
import { DataSetPage, DataSetsPage } from '../features/data-sets';
import { ComparePage, PublicSharePage, SharesPage, TrendsPage } from '../features/reports';
import { WebhooksPage } from '../features/automation';
import { PlansListPage, RunsListPage } from '../features/lists';

function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      action={
        <Link className="button button--primary" to="/">
          Go to the dashboard
        </Link>
      }
    >
      There is nothing at this address.
    </EmptyState>
  );
}

export const router = createBrowserRouter([
  // Both signed in (accept) and signed out (sign up or log in through it).
  { path: '/invite/:token', element: <InvitePage /> },
  // A password reset link an admin handed over: works signed in or out.
  { path: '/reset-password/:token', element: <ResetPasswordPage /> },
  // A shared report: public, read-only, no session and no app navigation.
  { path: '/r/:token', element: <PublicSharePage /> },
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <DashboardPage /> },
          { path: '/targets', element: <TargetsPage /> },
          { path: '/targets/:id', element: <TargetPage /> },
          { path: '/data-sets', element: <DataSetsPage /> },
          { path: '/data-sets/:name', element: <DataSetPage /> },
          { path: '/plans', element: <PlansListPage /> },
          { path: '/runs', element: <RunsListPage /> },
          { path: '/plans/new', element: <NewPlanPage /> },
          { path: '/plans/import', element: <ImportPlanPage /> },
          { path: '/plans/:id', element: <PlanPage /> },
          { path: '/plans/:id/edit', element: <EditPlanPage /> },
          { path: '/plans/:id/trends', element: <TrendsPage /> },
          { path: '/compare', element: <ComparePage /> },
          { path: '/runs/:id', element: <RunPage /> },
          {
            path: '/settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: <Navigate to="/settings/organization" replace /> },
              { path: 'organization', element: <OrganizationPage /> },
              { path: 'members', element: <MembersPage /> },
              { path: 'api-keys', element: <ApiKeysPage /> },
              { path: 'webhooks', element: <WebhooksPage /> },
              { path: 'shares', element: <SharesPage /> },
              { path: 'audit', element: <AuditPage /> },
              { path: 'sessions', element: <SessionsPage /> },
              { path: 'password', element: <ChangePasswordPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
