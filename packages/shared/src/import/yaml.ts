import { LineCounter, parseDocument, visit, type Document } from 'yaml';

/**
 * YAML for uploaded API descriptions and plan files, through the `yaml` package (YAML 1.2,
 * the core schema: null, booleans, numbers, strings), as plain data only: a tag the core schema
 * does not know (!!binary, !!set, !custom) is refused rather than built, so reading an
 * uploaded document cannot make anything but maps, lists and scalars. Refused with the line:
 * malformed YAML, duplicate keys, unknown aliases, several documents; without it: nesting
 * deeper than MAX_DEPTH and documents that aliases blow up (more than MAX_ALIASES).
 */

export class YamlError extends Error {
  constructor(
    /** 1-based; null when the problem is the whole document's. */
    readonly line: number | null,
    readonly problem: string,
  ) {
    super(line === null ? problem : `line ${line}: ${problem}`);
    this.name = 'YamlError';
  }
}

export const MAX_DEPTH = 200;
const MAX_ALIASES = 1_000;

/** "Map keys must be unique" -> "map keys must be unique": the problem reads after "line N: ". */
const sentence = (message: string) => message.charAt(0).toLowerCase() + message.slice(1);

function depth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [item, level] = stack.pop()!;
    if (level > deepest) deepest = level;
    if (level > MAX_DEPTH) break;
    if (item && typeof item === 'object') for (const child of Object.values(item)) stack.push([child, level + 1]);
  }
  return deepest;
}

/** The first thing wrong with the document, with its line: its errors, then tags it does not know, then aliases to nothing. */
function firstProblem(doc: Document, lines: LineCounter): YamlError | null {
  const at = (offset: number | undefined) => (offset === undefined ? null : lines.linePos(offset).line);
  const error = doc.errors[0];
  if (error) {
    if (error.code === 'RESOURCE_EXHAUSTION') return new YamlError(null, `nested too deeply (more than ${MAX_DEPTH} levels)`);
    if (error.code === 'MULTIPLE_DOCS') return new YamlError(at(error.pos[0]), 'only one YAML document is supported');
    return new YamlError(at(error.pos[0]), sentence(error.message));
  }
  const tag = doc.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (tag) return new YamlError(at(tag.pos[0]), `YAML tags (${tag.message.replace(/^Unresolved tag: /, '')}) are not supported`);
  let unknown: YamlError | null = null;
  visit(doc, {
    Alias(_, alias) {
      if (alias.resolve(doc)) return undefined;
      unknown = new YamlError(at(alias.range?.[0]), `unknown alias *${alias.source}`);
      return visit.BREAK;
    },
  });
  return unknown;
}

/** Reads one YAML document into plain data (null for an empty one); throws YamlError. */
export function parseYaml(source: string): unknown {
  const lines = new LineCounter();
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true, merge: true, resolveKnownTags: false, prettyErrors: false, lineCounter: lines });
  const problem = firstProblem(doc, lines);
  if (problem) throw problem;
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    if (error instanceof ReferenceError)
      throw new YamlError(null, `its aliases expand to too much (more than ${MAX_ALIASES.toLocaleString('en-US')} aliases resolved)`);
    if (error instanceof RangeError) throw new YamlError(null, `nested too deeply (more than ${MAX_DEPTH} levels)`);
    throw error;
  }
  if (depth(data) > MAX_DEPTH) throw new YamlError(null, `nested too deeply (more than ${MAX_DEPTH} levels)`);
  return data ?? null;
}
