import { Link } from 'react-router';
import { targetsWithBaseUrl } from '@loadline/shared';
import { useTargets } from './hooks';

/**
 * Said under the base URL as it is typed: other targets already point there. Allowed (two
 * teams, other headers), but two names for one service split its runs and trends, and most
 * often one of them is a mistake. The API says the same in the creation's `warnings`.
 */
export function DuplicateUrlNote({ baseUrl, exceptId }: { baseUrl: string; exceptId?: string }) {
  const targets = useTargets();
  const trimmed = baseUrl.trim();
  if (!trimmed || !URL.canParse(trimmed) || !targets.data) return null;
  const same = targetsWithBaseUrl(targets.data, trimmed, exceptId);
  if (!same.length) return null;
  return (
    <p className="small text-warning inline-links duplicate-url-note" role="status" data-testid="duplicate-url-warning">
      {same.length === 1 ? 'Another target already has' : `${same.length} other targets already have`} this base URL:{' '}
      {same.map((other, i) => (
        <span key={other.id}>
          {i > 0 ? ', ' : ''}
          <Link to={`/targets/${encodeURIComponent(other.id)}`}>{other.name}</Link>
        </span>
      ))}
      . You can still save it; its runs and trends will stay apart from theirs.
    </p>
  );
}
