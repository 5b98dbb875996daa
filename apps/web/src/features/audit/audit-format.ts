import type { AuditEventView } from '@loadline/shared';

/** Who did it: the user's e-mail or the API key's name, else what kind of actor it was. */
export function actorLabel(actor: AuditEventView['actor']): string {
  if (actor.label) return actor.type === 'apiKey' ? `API key “${actor.label}”` : actor.label;
  if (actor.type === 'system') return 'Loadline';
  if (actor.type === 'apiKey') return 'an API key';
  return 'unknown user';
}

/** Ids are long and alike at the start; the end tells them apart (the full id is in the tooltip). */
const SHORT_ID = 8;

/** {type: "apiKey", id: "cmwq…z8asj69"} -> "API key …z8asj69": the subject as a short reference. */
export function subjectLabel(subject: AuditEventView['subject']): string {
  if (!subject) return '—';
  const type = SUBJECT_TYPES[subject.type] ?? subject.type;
  const id = subject.id.length > SHORT_ID + 1 ? `…${subject.id.slice(-SHORT_ID)}` : subject.id;
  return `${type} ${id}`;
}

const SUBJECT_TYPES: Record<string, string> = {
  apiKey: 'API key',
  invite: 'invite',
  user: 'user',
  organization: 'organization',
  target: 'target',
  run: 'run',
  plan: 'plan',
};

/** The event's details as short "key: value" pairs, for a line under the action. */
export function detailsSummary(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}
