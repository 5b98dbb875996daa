/**
 * A bounded memo, oldest entry out first: what is cached here never changes, so no entry is
 * ever stale, and the bound only limits memory.
 */
export class Memo<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}

  delete(key: string): void {
    this.entries.delete(key);
  }

  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  get(key: string, make: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }
}
