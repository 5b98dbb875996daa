import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
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
      <p className="state__text">{notFound ? 'It may have been deleted, or it belongs to another organization.' : errorMessage(error)}</p>
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

interface LoadedListProps<T> {
  /** The list's query, as its feature hook returns it. */
  query: UseQueryResult<readonly T[]>;
  /** "Loading API keys…". */
  loadingLabel: string;
  /** "Could not load API keys". */
  errorTitle: string;
  /** What stands in for a list with nothing in it: usually an <EmptyState> saying how to add the first one. */
  empty: ReactNode;
  /** The list itself, given its (non-empty) items. */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A list the API loads, or what stands in its place until it can be shown: the loading state,
 * the error with "Try again", or the empty state. One place for that branch, so every list
 * shows the same states in the same order (pending, then error, then empty).
 */
export function LoadedList<T>({ query, loadingLabel, errorTitle, empty, children }: LoadedListProps<T>) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

interface ActionErrorProps {
  /** The failed mutation's error; nothing shows while it is null or undefined. */
  error: unknown;
  /** `span` inside inline content (an item list's text column); `p` elsewhere. */
  as?: 'p' | 'span';
  testId?: string;
}

/**
 * Why an action (a mutation: revoke, remove, save…) failed, announced and shown next to the
 * control that ran it, rather than in a page-wide banner far from it.
 */
export function ActionError({ error, as: Tag = 'p', testId }: ActionErrorProps) {
  if (error === null || error === undefined) return null;
  return (
    <Tag className="text-danger small" role="alert" data-testid={testId}>
      {errorMessage(error)}
    </Tag>
  );
}
