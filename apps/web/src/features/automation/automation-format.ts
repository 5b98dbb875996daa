import { networkErrorInWords, type ScheduleSlotView, type WebhookDeliveryView } from '@loadline/shared';

/** View models of schedules, triggers and webhooks. Pure: unit-tested without a DOM. */

export const SLOT_OUTCOME: Record<ScheduleSlotView['outcome'], { label: string; tone: 'success' | 'danger' | 'muted' | 'warning' }> = {
  PENDING: { label: 'Pending', tone: 'muted' },
  RAN: { label: 'Ran', tone: 'success' },
  SKIPPED_OVERLAP: { label: 'Skipped: previous run still going', tone: 'warning' },
  SKIPPED_MISSED: { label: 'Skipped: missed while down', tone: 'warning' },
  SKIPPED_QUOTA: { label: 'Skipped: over quota', tone: 'danger' },
  SKIPPED_ERROR: { label: 'Skipped: error', tone: 'danger' },
};

export const MISSED_POLICY_LABEL = { SKIP: 'Skip missed slots (record one skip)', RUN_ONCE: 'Run once for the latest missed slot' } as const;
export const OVERLAP_POLICY_LABEL = { SKIP: 'Skip when the previous run is still going', RUN: 'Run anyway' } as const;

export const CRON_PRESETS = [
  { cron: '0 * * * *', label: 'Every hour' },
  { cron: '0 3 * * *', label: 'Every day at 03:00' },
  { cron: '0 9 * * 1-5', label: 'Weekdays at 09:00' },
  { cron: '0 6 * * 1', label: 'Mondays at 06:00' },
  { cron: '*/15 * * * *', label: 'Every 15 minutes' },
] as const;

/** A fire time in the schedule's own zone, with the zone's offset: "Mon, Nov 23, 03:00 (GMT+1)". */
export function formatFireTime(iso: string, timezone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return date.toLocaleString('en-US', {
      timeZone: timezone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
  } catch {
    return date.toISOString();
  }
}

/** IANA zones this browser knows, UTC first; a short fallback list where Intl cannot list them. */
export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf
    ? intl.supportedValuesOf('timeZone')
    : ['Europe/London', 'Europe/Paris', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo'];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The browser's zone, for a new schedule's default. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The curl line a CI job runs to start the plan through a trigger URL. */
export function triggerCurl(url: string, idempotencyKey = '$CI_PIPELINE_ID'): string {
  return [`curl -X POST '${url}' \\`, `  -H "Idempotency-Key: deploy-${idempotencyKey}" \\`, `  -H 'content-type: application/json' \\`, `  -d '{}'`].join(
    '\n',
  );
}

export const DELIVERY_STATUS: Record<WebhookDeliveryView['status'], { label: string; tone: 'success' | 'danger' | 'muted' }> = {
  PENDING: { label: 'Pending', tone: 'muted' },
  DELIVERED: { label: 'Delivered', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
};

/**
 * "HTTP 200 in 12 ms", "no response (3 attempts)". Without a response there is no time to give:
 * a refused connection fails in a millisecond, and "no answer in 1 ms" reads as if the endpoint
 * were slow. Why there was none is the delivery's error (deliveryError).
 */
export function deliverySummary(delivery: Pick<WebhookDeliveryView, 'responseCode' | 'durationMs' | 'attempts'>): string {
  const code = delivery.responseCode === null ? 'no response' : `HTTP ${delivery.responseCode}`;
  const time = delivery.durationMs === null || delivery.responseCode === null ? '' : ` in ${delivery.durationMs.toLocaleString('en-US')} ms`;
  const tries = delivery.attempts > 1 ? ` (${delivery.attempts} attempts)` : '';
  return `${code}${time}${tries}`;
}

/** Why a delivery failed, in words, also for errors stored as Node wrote them ("connect ECONNREFUSED 127.0.0.1:9"). */
export function deliveryError(delivery: Pick<WebhookDeliveryView, 'lastError'>): string | null {
  return delivery.lastError === null ? null : networkErrorInWords(delivery.lastError);
}
