import { currentTenantId } from '../tenancy/request-context.js';

/**
 * Answers built from a plan's runs (a page of them, the plan's trend), kept by what was asked
 * and the plan's runs version they were built at (TestPlan.runsVersion: PostgreSQL counts every
 * write of the plan's Run and RunFigure rows, in the same transaction as the write). The version
 * is read with the plan itself, the one statement these routes make anyway, so a kept answer
 * costs no read of the runs, and is never answered once any run of the plan changed.
 *
 * Why that is never stale: the version is read first, the runs after (a later snapshot), so an
 * answer kept under version V holds at least what V counted; a request that read V (or an
 * earlier version) gets it, one that read a later version builds again. Keys always start with
 * the current tenant: an answer is only ever given to the organization it was read for.
 *
 * One answer per question (the newest version seen), so memory follows the questions asked,
 * not how often runs change; the oldest question goes first beyond `max`. Requests that miss
 * together share one build.
 */
export class PlanRunsAnswers<V> {
  private readonly entries = new Map<string, { version: bigint; answer: Promise<V> }>();

  constructor(private readonly max: number) {}

  /** The answer to `question` about the plan's runs at `version`: kept, or built now and kept. */
  get(planId: string, question: string, version: bigint, build: () => Promise<V>): Promise<V> {
    const key = `${currentTenantId()}|${planId}|${question}`;
    const kept = this.entries.get(key);
    // An answer kept at a later version than this request read is newer than it asked for: fine.
    if (kept !== undefined && kept.version >= version) return kept.answer;
    const answer = build();
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    const entry = { version, answer };
    this.entries.set(key, entry);
    // A failed build (a bad cursor, a database error) is not an answer: the next request tries again.
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return answer;
  }
}
