import { describe, expect, it } from 'vitest';
import type { LoadProfile } from '@loadline/shared';
import { newLoad, newScenario } from './form-types';
import { describeRateShares, runnerAvailability, segmentsFromText, segmentsNotes, splitScenarios, type SplitScenario } from './segments-advice';

const vus = (name: string, n: number): SplitScenario => ({ name, load: { executor: 'constant-vus', vus: n, duration: '1m' } });
const rate = (name: string, maxVUs: number): SplitScenario => ({
  name,
  load: { executor: 'constant-arrival-rate', rate: 100, timeUnit: '1s', duration: '1m', preAllocatedVUs: maxVUs } as LoadProfile,
});
const runners = (online: number, free: number, ceiling: number | null) => ({ online, free, ceiling });
const kinds = (notes: { kind: string }[]) => notes.map((note) => note.kind);

describe('runnerAvailability', () => {
  it('says how many runners are online and free, and the ceiling when there is one', () => {
    expect(runnerAvailability(runners(3, 2, 4))).toBe('3 runners online, 2 free · at most 4 on this installation');
    expect(runnerAvailability(runners(1, 1, null))).toBe('1 runner online, 1 free');
    expect(runnerAvailability(runners(0, 0, 2))).toBe('No runner online right now · at most 2 on this installation');
  });
});

describe('segmentsFromText', () => {
  it('reads whole numbers of at least 1 and nothing else', () => {
    expect(segmentsFromText(' 3 ')).toBe(3);
    expect(['', '0', '-1', '2.5', 'x'].map(segmentsFromText)).toEqual([null, null, null, null, null]);
  });
});

describe('describeRateShares', () => {
  it('groups the segments k6 gives the same share, first the ones with a VU more', () => {
    expect(describeRateShares(20, 3)).toBe('segments 1–2: 7/20 (35 %) each; segment 3: 6/20 (30 %)');
    expect(describeRateShares(10, 4)).toBe('segments 1–2: 3/10 (30 %) each; segments 3–4: 2/10 (20 %) each');
    expect(describeRateShares(7, 2)).toBe('segment 1: 4/7 (57.1 %); segment 2: 3/7 (42.9 %)');
  });
});

describe('segmentsNotes', () => {
  it('says nothing for one segment, or while the number is not one', () => {
    expect(segmentsNotes({ segments: 1, script: false, scenarios: [vus('a', 1)], runners: runners(0, 0, 1) })).toEqual([]);
    expect(segmentsNotes({ segments: null, script: false, scenarios: [], runners: runners(0, 0, 1) })).toEqual([]);
  });

  it('refuses beyond the ceiling, before saying anything about runners online', () => {
    const notes = segmentsNotes({ segments: 5, script: false, scenarios: [vus('a', 10)], runners: runners(1, 1, 4) });
    expect(kinds(notes)).toEqual(['over-ceiling']);
    expect(notes[0]).toMatchObject({ tone: 'error', lead: 'Will be refused:' });
    expect(notes[0]!.text).toContain('at most 4');
  });

  it('warns when fewer runners are online than segments, naming the way the run would end', () => {
    const [note] = segmentsNotes({ segments: 3, script: true, scenarios: [], runners: runners(1, 1, null) });
    expect(note).toMatchObject({ kind: 'over-online', tone: 'warning' });
    expect(note!.text).toBe('only 1 runner is online for 3 segments, so this run will wait for runners and end NOT_ENOUGH_RUNNERS if they do not come online.');
    expect(segmentsNotes({ segments: 2, script: true, scenarios: [], runners: runners(0, 0, null) })[0]!.text).toMatch(/^no runner is online for 2 segments/);
    expect(segmentsNotes({ segments: 3, script: true, scenarios: [], runners: runners(3, 0, null) })).toEqual([]);
  });

  it('says nothing about runners until they are known', () => {
    expect(segmentsNotes({ segments: 3, script: true, scenarios: [], runners: null })).toEqual([]);
  });

  it('flags scenarios with fewer VUs than segments, as the API refuses them', () => {
    const notes = segmentsNotes({ segments: 3, script: false, scenarios: [vus('browse', 2), vus('buy', 6), rate('feed', 1)], runners: runners(3, 3, null) });
    expect(kinds(notes)).toEqual(['too-few-vus']);
    expect(notes[0]!.text).toContain('“browse” has at most 2 VUs, “feed” has at most 1 VU for 3 segments');
  });

  it('shows how k6 splits an arrival rate whose max VUs is not a multiple of the segments', () => {
    const notes = segmentsNotes({
      segments: 3,
      script: false,
      scenarios: [rate('feed', 20), rate('even', 9), vus('browse', 10)],
      runners: runners(3, 3, null),
    });
    expect(kinds(notes)).toEqual(['rate-split']);
    expect(notes[0]!.tone).toBe('info');
    expect(notes[0]!.text).toBe(
      'k6 splits the arrival rate of “feed” by its max VUs (20 over 3 segments), not evenly: segments 1–2: 7/20 (35 %) each; segment 3: 6/20 (30 %) of the rate.',
    );
  });

  it('leaves scenarios out of a custom script plan', () => {
    expect(segmentsNotes({ segments: 3, script: true, scenarios: [vus('a', 1)], runners: runners(3, 3, null) })).toEqual([]);
  });
});

describe('splitScenarios', () => {
  it('takes the scenarios whose load reads, named as the editor names them', () => {
    const scenarios = splitScenarios({
      scenarios: [
        newScenario({ name: ' api ', load: newLoad({ executor: 'constant-vus', vus: '4', duration: '1m' }) }),
        newScenario({ name: 'broken', load: newLoad({ executor: 'constant-vus', vus: '', duration: '1m' }) }),
        newScenario({ name: '', load: newLoad({ executor: 'constant-vus', vus: '2', duration: '30s' }) }),
      ],
    });
    expect(scenarios.map((s) => [s.name, s.load.executor === 'constant-vus' ? s.load.vus : null])).toEqual([
      ['api', 4],
      ['scenario 3', 2],
    ]);
  });
});
