import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { router } from './router';

// Created once, outside React: a render must never make a new cache (signing in or out and
// switching organization clear or reset this one instead).
const queryClient = createQueryClient();

/** The whole app: its providers around the router. */
export function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
