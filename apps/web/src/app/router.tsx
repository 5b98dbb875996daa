import { createBrowserRouter, Link, Navigate } from 'react-router';
import { AppShell } from './AppShell';
import { EmptyState } from '../components/States';
import { GuestOnly, RequireAuth } from './RequireAuth';
import { InvitePage } from '../features/auth/InvitePage';
import { LoginPage } from '../features/auth/LoginPage';
import { SignupPage } from '../features/auth/SignupPage';
import { ApiKeysPage } from '../features/api-keys/ApiKeysPage';
import { AuditPage } from '../features/audit/AuditPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { MembersPage } from '../features/members/MembersPage';
import { OrganizationPage } from '../features/organization/OrganizationPage';
import { SessionsPage } from '../features/sessions/SessionsPage';
import { SettingsLayout } from '../features/settings/SettingsLayout';
import { EditPlanPage, NewPlanPage } from '../features/plans/PlanEditorPage';
import { ImportPlanPage } from '../features/plan-import/ImportPlanPage';
import { PlanPage } from '../features/plans/PlanPage';
import { RunPage } from '../features/runs/RunPage';
import { TargetPage } from '../features/targets/TargetPage';
import { TargetsPage } from '../features/targets/TargetsPage';
import { ComparePage } from '../features/reports/ComparePage';
import { PublicSharePage } from '../features/reports/PublicSharePage';
import { SharesPage } from '../features/reports/SharesPage';
import { TrendsPage } from '../features/reports/TrendsPage';
import { WebhooksPage } from '../features/automation/WebhooksPage';

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
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
