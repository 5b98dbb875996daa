import { arrivalRateSegmentShares, isArrivalRate, peakVus, scenariosTooSmallToSplit, type LoadProfile, type RunnersView } from '@loadline/shared';
import { parsedLoad } from './timeline';
import type { PlanForm } from './form-types';

/**
 * What the editor says beside "Runners (segments)": how many runners there are right now, and
 * what the chosen number of segments will do with them (wait, be refused, split unevenly).
 * A split run needs one runner per segment at the same moment, so these are facts about the
 * installation the form cannot check by itself. Pure: unit-tested without a DOM.
 */

export interface SplitScenario {
  name: string;
  load: LoadProfile;
}

export type SegmentsNoteKind = 'over-ceiling' | 'over-online' | 'too-few-vus' | 'rate-split';

export interface SegmentsNote {
  kind: SegmentsNoteKind;
  /** error: the start will be refused; warning: the run may end without load; info: worth knowing. */
  tone: 'error' | 'warning' | 'info';
  /** Said in words before the text, so the colour is never the only cue. */
  lead: string;
  text: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const percent = (fraction: number) => `${(fraction * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

/** The typed segments as a whole number of at least 1, or null while it is not one. */
export function segmentsFromText(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= 1 ? value : null;
}

/** "3 runners online, 2 free · at most 4 on this installation"; "No runner online right now". */
export function runnerAvailability(runners: RunnersView): string {
  const now = runners.online === 0 ? 'No runner online right now' : `${plural(runners.online, 'runner')} online, ${runners.free} free`;
  return runners.ceiling === null ? now : `${now} · at most ${runners.ceiling} on this installation`;
}

/** The form's scenarios whose load is valid so far (the others say nothing yet). */
export function splitScenarios(form: Pick<PlanForm, 'scenarios'>): SplitScenario[] {
  return form.scenarios.flatMap((scenario, index) => {
    const load = parsedLoad(scenario);
    return load ? [{ name: scenario.name.trim() || `scenario ${index + 1}`, load }] : [];
  });
}

/**
 * "segments 1–2: 7/20 (35 %) each; segment 3: 6/20 (30 %)". k6 gives the first (maxVUs mod N)
 * segments one VU more, so there are at most two different shares, in that order.
 */
export function describeRateShares(maxVUs: number, segments: number): string {
  const shares = arrivalRateSegmentShares(maxVUs, segments);
  const groups: { from: number; to: number; share: number }[] = [];
  shares.forEach((share, index) => {
    const last = groups.at(-1);
    if (last && last.share === share) last.to = index + 1;
    else groups.push({ from: index + 1, to: index + 1, share });
  });
  return groups
    .map((group) => {
      const which = group.from === group.to ? `segment ${group.from}` : `segments ${group.from}–${group.to}`;
      const vus = Math.round(group.share * maxVUs);
      return `${which}: ${vus}/${maxVUs} (${percent(group.share)})${group.from === group.to ? '' : ' each'}`;
    })
    .join('; ');
}

export interface SegmentsAdviceInput {
  segments: number | null;
  /** A custom script: k6 splits it by itself; only the runner counts apply. */
  script: boolean;
  scenarios: readonly SplitScenario[];
  /** Null until GET /runners answered (or when it failed): nothing is said about runners then. */
  runners: RunnersView | null;
}

export function segmentsNotes({ segments, script, scenarios, runners }: SegmentsAdviceInput): SegmentsNote[] {
  if (segments === null || segments <= 1) return [];
  const notes: SegmentsNote[] = [];
  if (runners && runners.ceiling !== null && segments > runners.ceiling) {
    notes.push({
      kind: 'over-ceiling',
      tone: 'error',
      lead: 'Will be refused:',
      text: `${plural(segments, 'segment')} need ${segments} runners at once, but this installation has at most ${runners.ceiling}. Starting the run will be refused; use ${runners.ceiling} or fewer.`,
    });
  } else if (runners && segments > runners.online) {
    notes.push({
      kind: 'over-online',
      tone: 'warning',
      lead: 'Not enough runners online:',
      text: `${runners.online === 0 ? 'no runner is' : `only ${plural(runners.online, 'runner')} ${runners.online === 1 ? 'is' : 'are'}`} online for ${plural(segments, 'segment')}, so this run will wait for runners and end NOT_ENOUGH_RUNNERS if they do not come online.`,
    });
  }
  if (script) return notes;

  // The API's own rule (422 SEGMENTS_EXCEED_VUS), applied to the scenarios typed so far. It
  // reads only the segments, the script and each scenario's name and load.
  const tooSmall = scenariosTooSmallToSplit({ segments, scenarios });
  if (tooSmall.length) {
    const which = tooSmall.map((s) => `“${s.scenario}” has at most ${plural(s.vus, 'VU')}`).join(', ');
    notes.push({
      kind: 'too-few-vus',
      tone: 'error',
      lead: 'Will be refused:',
      text: `${which} for ${plural(segments, 'segment')}. k6 gives each segment whole VUs, so some would get none and starting the run will be refused. Lower the segments or raise the VUs (max VUs for arrival rates).`,
    });
  }
  const small = new Set(tooSmall.map((s) => s.scenario));
  for (const scenario of scenarios) {
    if (!isArrivalRate(scenario.load) || small.has(scenario.name)) continue;
    const maxVUs = peakVus(scenario.load);
    if (maxVUs % segments === 0) continue;
    notes.push({
      kind: 'rate-split',
      tone: 'info',
      lead: 'Uneven split:',
      text: `k6 splits the arrival rate of “${scenario.name}” by its max VUs (${maxVUs} over ${plural(segments, 'segment')}), not evenly: ${describeRateShares(maxVUs, segments)} of the rate.`,
    });
  }
  return notes;
}
