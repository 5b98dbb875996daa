import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction } from '@loadline/shared';
import { api, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const AUDIT_PAGE_SIZE = 50;

/** GET /audit, newest first, one page per "Load more" (the cursor is the API's nextBefore). */
export function useAuditLog(action: AuditAction | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.list(action),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => unwrap(api.GET('/audit', { params: { query: { limit: AUDIT_PAGE_SIZE, before: pageParam, action } }, signal })),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    // Pages already read do not change; new events show on a refetch of the first page.
    staleTime: 30_000,
  });
}
