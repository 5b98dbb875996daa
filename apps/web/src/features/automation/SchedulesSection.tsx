import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  MISSED_POLICIES,
  OVERLAP_POLICIES,
  createScheduleSchema,
  previewFireTimes,
  updateScheduleSchema,
  type FireTimePreview,
  type ScheduleView,
} from '@loadline/shared';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Card } from '../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { CheckboxField, SelectField, TextField } from '../../forms/Fields';
import { FormErrorSummary } from '../../forms/FormErrorSummary';
import { NO_ERRORS, mergeFieldErrors } from '../../forms/field-errors';
import { humanMessage } from '../../forms/issue-messages';
import { useFormErrors } from '../../forms/use-form-errors';
import { useCan } from '../../session';
import { TargetSelect } from '../targets';
import { useTargetName } from './target-name';
import { CRON_PRESETS, MISSED_POLICY_LABEL, OVERLAP_POLICY_LABEL, SLOT_OUTCOME, formatFireTime, localTimeZone, timeZones } from './automation-format';
import { useCreateSchedule, useDeleteSchedule, useScheduleSlots, useSchedules, useUpdateSchedule } from './hooks';

/** The plan page's schedules: cron in a time zone, policies, next five fire times, slot history. */
export function SchedulesSection({ planId, planTargetId }: { planId: string; planTargetId: string }) {
  const schedules = useSchedules(planId);
  const canManage = useCan('schedules:manage');
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title="Schedules"
      actions={
        canManage && !adding ? (
          <button type="button" className="button button--secondary button--small" onClick={() => setAdding(true)} data-testid="add-schedule">
            + Add schedule
          </button>
        ) : null
      }
    >
      <div className="stack stack--tight" data-testid="schedules">
        {adding ? <ScheduleForm planId={planId} planTargetId={planTargetId} onDone={() => setAdding(false)} /> : null}
        {schedules.isPending ? (
          <LoadingState label="Loading schedules…" />
        ) : schedules.isError ? (
          <ErrorState title="Could not load schedules" error={schedules.error} onRetry={() => void schedules.refetch()} />
        ) : schedules.data.length === 0 ? (
          adding ? null : (
            <EmptyState title="No schedules">Run this plan on a cron, e.g. every night, and watch its trend.</EmptyState>
          )
        ) : (
          schedules.data.map((schedule) => (
            <ScheduleItem key={schedule.id} planId={planId} planTargetId={planTargetId} schedule={schedule} canManage={canManage} />
          ))
        )}
      </div>
    </Card>
  );
}

interface ScheduleFormProps {
  planId: string;
  planTargetId: string;
  schedule?: ScheduleView;
  onDone: () => void;
}

const SCHEDULE_FIELDS = ['cron', 'timezone', 'missedPolicy', 'overlapPolicy', 'enabled', 'targetId'] as const;

function ScheduleForm({ planId, planTargetId, schedule, onDone }: ScheduleFormProps) {
  const create = useCreateSchedule(planId);
  const update = useUpdateSchedule(planId);
  const mutation = schedule ? update : create;
  const [cron, setCron] = useState(schedule?.cron ?? '0 3 * * *');
  const [timezone, setTimezone] = useState(schedule?.timezone ?? localTimeZone());
  const [missedPolicy, setMissed] = useState<(typeof MISSED_POLICIES)[number]>(schedule?.missedPolicy ?? 'SKIP');
  const [overlapPolicy, setOverlap] = useState<(typeof OVERLAP_POLICIES)[number]>(schedule?.overlapPolicy ?? 'SKIP');
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [targetId, setTargetId] = useState(schedule?.targetId ?? planTargetId);
  const [edited, setEdited] = useState(false);
  const zones = useMemo(() => timeZones(), []);
  const id = useId();
  const draft = { cron: cron.trim(), timezone: timezone.trim(), missedPolicy, overlapPolicy, enabled, targetId: targetId === planTargetId ? null : targetId };
  const form = useFormErrors(SCHEDULE_FIELDS, { input: draft });
  // The same check and the same cron library as the API's, so the preview is what will fire.
  const preview = useMemo(() => previewFireTimes(cron, timezone, 5), [cron, timezone]);
  // As the cron is typed, a cron that cannot fire says why under the field at once.
  const typed = edited && !preview.ok ? { [preview.field]: humanMessage(preview.message, { path: preview.field, value: draft[preview.field] }) } : NO_ERRORS;
  const errors = mergeFieldErrors(form.errors, typed);
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setEdited(true);
  };

  return (
    <form
      className="schedule-form"
      aria-label={schedule ? 'Edit schedule' : 'New schedule'}
      data-testid="schedule-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const input = form.check(schedule ? updateScheduleSchema : createScheduleSchema, draft);
        if (input === null) return;
        const callbacks = { onSuccess: onDone, onError: (error: unknown) => form.fail(error) };
        if (schedule) update.mutate({ id: schedule.id, ...draft }, callbacks);
        else create.mutate(draft, callbacks);
      }}
    >
      <FormErrorSummary message={form.formError} details={form.unclaimed} />
      <div className="grid grid--2">
        <div>
          <TextField
            path="cron"
            label="Cron expression"
            errors={errors}
            value={cron}
            onValueChange={edit(setCron)}
            spellCheck={false}
            autoComplete="off"
            hint="minute hour day-of-month month day-of-week (a 6th field first for seconds)."
            data-testid="schedule-cron"
          />
          <p className="small schedule-form__presets">
            {CRON_PRESETS.map((preset, index) => (
              <span key={preset.cron}>
                {index ? ' · ' : ''}
                <button type="button" className="link-button" onClick={() => edit(setCron)(preset.cron)}>
                  {preset.label}
                </button>
              </span>
            ))}
          </p>
        </div>
        <div>
          <TextField
            path="timezone"
            label="Time zone"
            errors={errors}
            list={`${id}-zones`}
            value={timezone}
            onValueChange={edit(setTimezone)}
            autoComplete="off"
            hint="An IANA zone (Europe/Paris, UTC); daylight saving is followed."
            data-testid="schedule-timezone"
          />
          <datalist id={`${id}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
        <SelectField
          path="missedPolicy"
          label="Slots missed while Loadline was down"
          errors={errors}
          value={missedPolicy}
          options={MISSED_POLICIES.map((policy) => ({ value: policy, label: MISSED_POLICY_LABEL[policy] }))}
          onValueChange={(value) => setMissed(value as typeof missedPolicy)}
          data-testid="schedule-missed"
        />
        <SelectField
          path="overlapPolicy"
          label="When the previous run is still going"
          errors={errors}
          value={overlapPolicy}
          options={OVERLAP_POLICIES.map((policy) => ({ value: policy, label: OVERLAP_POLICY_LABEL[policy] }))}
          onValueChange={(value) => setOverlap(value as typeof overlapPolicy)}
          data-testid="schedule-overlap"
        />
      </div>
      <TargetSelect label="Runs against" ownTargetId={planTargetId} value={targetId} onChange={setTargetId} testId="schedule-target" />
      <CheckboxField path="enabled" label="Enabled" errors={errors} checked={enabled} onCheckedChange={setEnabled} />
      <FireTimePreviewList preview={preview} timezone={timezone.trim()} />
      <div className="button-row">
        <button type="submit" className="button button--primary button--small" disabled={mutation.isPending} data-testid="schedule-save">
          {mutation.isPending ? 'Saving…' : schedule ? 'Save schedule' : 'Create schedule'}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The next five slots of the cron being typed, in the schedule's zone; polite, so typing is not interrupted. */
function FireTimePreviewList({ preview, timezone }: { preview: FireTimePreview; timezone: string }) {
  return (
    <div aria-live="polite" data-testid="schedule-preview">
      {preview.ok ? (
        preview.times.length ? (
          <>
            <p className="small">Next five runs, in {timezone}:</p>
            <ol className="fire-times" data-testid="preview-fire-times">
              {preview.times.map((time) => (
                <li key={time.toISOString()} title={formatDateTime(time.toISOString())}>
                  <time dateTime={time.toISOString()}>{formatFireTime(time.toISOString(), timezone)}</time>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="muted small">This cron has no slot left: it would never fire.</p>
        )
      ) : (
        <p className="muted small">No fire times until the {preview.field === 'cron' ? 'cron expression' : 'time zone'} is valid.</p>
      )}
    </div>
  );
}

function ScheduleItem({ planId, planTargetId, schedule, canManage }: { planId: string; planTargetId: string; schedule: ScheduleView; canManage: boolean }) {
  const update = useUpdateSchedule(planId);
  const targetName = useTargetName(schedule.targetId);
  const remove = useDeleteSchedule(planId);
  const [editing, setEditing] = useState(false);
  const [showSlots, setShowSlots] = useState(false);
  if (editing) return <ScheduleForm planId={planId} planTargetId={planTargetId} schedule={schedule} onDone={() => setEditing(false)} />;
  return (
    <article className="row-card schedule" data-testid={`schedule-${schedule.id}`} data-enabled={schedule.enabled}>
      <div className="row-card__head">
        <p className="row-card__title">
          <code>{schedule.cron}</code> <span className="muted">in {schedule.timezone}</span>{' '}
          {schedule.targetId ? (
            <span className="muted" data-testid="schedule-target-name">
              against {targetName}
            </span>
          ) : null}{' '}
          <span className={`pill ${schedule.enabled ? 'pill--success' : 'pill--muted'}`}>{schedule.enabled ? 'Enabled' : 'Disabled'}</span>
        </p>
        {canManage ? (
          <div className="row-card__tools">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: schedule.id, enabled: !schedule.enabled })}
              data-testid="schedule-toggle"
            >
              {schedule.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => setEditing(true)}>
              Edit
            </button>
            <ConfirmButton
              label="Delete"
              ariaLabel={`Delete schedule ${schedule.cron}`}
              question="Delete this schedule? Its slot history goes with it; runs it started stay."
              confirmLabel="Delete schedule"
              pending={remove.isPending}
              onConfirm={() => remove.mutate(schedule.id)}
            />
          </div>
        ) : null}
      </div>
      <p className="muted small">
        {MISSED_POLICY_LABEL[schedule.missedPolicy]} · {OVERLAP_POLICY_LABEL[schedule.overlapPolicy]}
      </p>
      {update.isError || remove.isError ? (
        <p className="text-danger small" role="alert">
          {errorMessage(update.error ?? remove.error)}
        </p>
      ) : null}
      {schedule.enabled ? (
        <div>
          <p className="small">Next five runs:</p>
          <ol className="fire-times" data-testid="fire-times">
            {schedule.nextFireTimes.map((time) => (
              <li key={time} title={formatDateTime(time)}>
                <time dateTime={time}>{formatFireTime(time, schedule.timezone)}</time>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="muted small">Disabled: no slot fires until it is enabled again.</p>
      )}
      <button
        type="button"
        className="link-button small"
        aria-expanded={showSlots}
        onClick={() => setShowSlots((shown) => !shown)}
        data-testid="schedule-slots-toggle"
      >
        {showSlots ? 'Hide slot history' : 'Show slot history'}
      </button>
      {showSlots ? <SlotHistory id={schedule.id} /> : null}
    </article>
  );
}

function SlotHistory({ id }: { id: string }) {
  const slots = useScheduleSlots(id, true);
  if (slots.isPending) return <LoadingState label="Loading slots…" />;
  if (slots.isError) return <ErrorState title="Could not load the slot history" error={slots.error} onRetry={() => void slots.refetch()} />;
  if (slots.data.length === 0) return <p className="muted small">No slot has fired yet.</p>;
  return (
    <div className="table-wrap" tabIndex={0}>
      <table className="table table--dense" data-testid="schedule-slots">
        <caption className="sr-only">What each slot did, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Slot</th>
            <th scope="col">Outcome</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {slots.data.map((slot) => {
            const outcome = SLOT_OUTCOME[slot.outcome];
            return (
              <tr key={slot.slotAt} data-outcome={slot.outcome}>
                <th scope="row">
                  {/* Seconds too: a 6-field cron fires several times a minute. */}
                  <time dateTime={slot.slotAt}>{new Date(slot.slotAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })}</time>
                </th>
                <td>
                  <span className={`pill pill--${outcome.tone === 'success' ? 'success' : outcome.tone === 'danger' ? 'danger' : 'muted'}`}>
                    {outcome.label}
                  </span>
                </td>
                <td>
                  {slot.runId ? <Link to={`/runs/${encodeURIComponent(slot.runId)}`}>Open run</Link> : null}
                  {slot.detail ? <span className="muted small"> {slot.detail}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
