import { createBrowserRouter, Link } from 'react-router';
import { AppShell } from './components/AppShell';
import { EmptyState } from './components/States';
import { GuestOnly, RequireAuth } from './features/auth/RequireAuth';
import { LoginPage } from './features/auth/LoginPage';
import { SignupPage } from './features/auth/SignupPage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { PlanFormPage } from './features/plans/PlanFormPage';
import { PlanPage } from './features/plans/PlanPage';
import { RunPage } from './features/runs/RunPage';
import { TargetsPage } from './features/targets/TargetsPage';

function NotFoundPage() {
  return (
    <EmptyState title="Page not found" action={<Link className="button button--primary" to="/">Go to the dashboard</Link>}>
      There is nothing at this address.
    </EmptyState>
  );
}

export const router = createBrowserRouter([
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
          { path: '/plans/new', element: <PlanFormPage /> },
          { path: '/plans/:id', element: <PlanPage /> },
          { path: '/runs/:id', element: <RunPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
