import { useHealth } from './hooks';

export function HealthIndicator() {
  const health = useHealth();
  if (health.isPending) return null;
  if (health.isError) {
    return (
      <span className="health health--down" role="status" data-testid="health">
        <span className="health__dot" aria-hidden="true" /> API unreachable
      </span>
    );
  }
  const { status, runners } = health.data;
  const ok = status === 'ok' && runners.live > 0;
  return (
    <span className={`health ${ok ? 'health--ok' : 'health--warn'}`} role="status" data-testid="health">
      <span className="health__dot" aria-hidden="true" />
      {runners.live === 0
        ? 'No runners online: runs will wait in the queue'
        : `${runners.live} runner${runners.live === 1 ? '' : 's'} online${status === 'ok' ? '' : ' · degraded'}`}
    </span>
  );
}
