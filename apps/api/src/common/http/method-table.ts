/**
 * Which methods a path answers to, from the application's own routes: an existing path called
 * with another method (TRACE, or PUT where only PATCH exists) is 405 with an Allow header,
 * not a 404 that says the path does not exist.
 */
export class MethodTable {
  private readonly entries: Array<{ pattern: RegExp; method: string }>;

  constructor(routes: ReadonlyArray<{ method: string; path: string }>, prefix: string) {
    this.entries = routes.map((route) => ({
      method: route.method.toUpperCase(),
      pattern: new RegExp(`^/${prefix}/${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    }));
  }

  /** The methods `path` answers to (HEAD with GET), in order; empty when the path is unknown. */
  allowed(path: string): string[] {
    const methods = new Set(this.entries.filter((entry) => entry.pattern.test(path)).map((entry) => entry.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}
