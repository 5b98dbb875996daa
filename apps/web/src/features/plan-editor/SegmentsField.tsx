import { useMemo } from 'react';
import { TextField } from '../../forms/Fields';
import type { FieldErrors } from '../../forms/field-errors';
import { useRunners } from './hooks';
import type { PlanForm } from './model/form-types';
import { runnerAvailability, segmentsFromText, segmentsNotes, splitScenarios } from './model/segments-advice';

interface SegmentsFieldProps {
  form: Pick<PlanForm, 'mode' | 'scenarios' | 'segments'>;
  errors: FieldErrors;
  onSegments: (segments: string) => void;
}

/**
 * "Runners (segments)", with the runners there are right now beside it and what the chosen
 * number will do with them: each segment needs a runner of its own at the same moment.
 */
export function SegmentsField({ form, errors, onSegments }: SegmentsFieldProps) {
  const runners = useRunners();
  const { mode, scenarios: scenarioForms } = form;
  const scenarios = useMemo(() => (mode === 'scenarios' ? splitScenarios({ scenarios: scenarioForms }) : []), [mode, scenarioForms]);
  const notes = segmentsNotes({
    segments: segmentsFromText(form.segments),
    script: form.mode === 'script',
    scenarios,
    runners: runners.data ?? null,
  });
  return (
    <div className="segments-field">
      <TextField
        path="segments"
        label="Runners (segments)"
        type="number"
        inputMode="numeric"
        min={1}
        max={32}
        hint={
          <>
            the load is split over this many runners, started together
            {runners.data ? (
              <>
                <br />
                <span className="runner-availability" data-testid="runner-availability">
                  {runnerAvailability(runners.data)}
                </span>
              </>
            ) : null}
          </>
        }
        errors={errors}
        value={form.segments}
        onValueChange={onSegments}
      />
      {/* Polite: the notes change as the number is typed, and when runners come and go. */}
      <div aria-live="polite" data-testid="segments-notes">
        {notes.length ? (
          <ul className="field-notes">
            {notes.map((note) => (
              <li key={`${note.kind}-${note.text}`} className={`field-note field-note--${note.tone}`} data-kind={note.kind}>
                <strong>{note.lead}</strong> {note.text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
