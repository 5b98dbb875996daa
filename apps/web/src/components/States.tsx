import type { ReactNode } from 'react';
import { isApiError } from '../api/client';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}

export function ErrorState({ title = 'Could not load this', error, onRetry }: ErrorStateProps) {
  const notFound = isApiError(error) && error.isNotFound;
  return (
    <div className="state state--error" role="alert" data-testid="error-state">
      <p className="state__title">{notFound ? 'Not found' : title}</p>
      <p className="state__text">
        {notFound ? 'It may have been deleted, or it belongs to another organization.' : errorMessage(error)}
      </p>
      {onRetry && !notFound ? (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="state state--empty">
      <p className="state__title">{title}</p>
      {children ? <p className="state__text">{children}</p> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}
