import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { router } from './router';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/badges.css';
import './styles/feedback.css';
import './styles/auth.css';
import './styles/forms.css';
import './styles/tables.css';
import './styles/run.css';
import './styles/charts.css';
import './styles/settings.css';
import './styles/editor.css';
import './styles/plan-page.css';
import './styles/reports.css';
import './styles/print.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
