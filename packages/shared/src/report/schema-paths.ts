import type { z } from 'zod';

/**
 * Every leaf field a zod schema lets through, as dotted paths ("run.summary.requests[].name";
 * a record's keys are "*"). For tests that list what a public shape may carry.
 */
export function schemaPaths(schema: z.ZodType, prefix = '', seen = new Set<z.ZodType>()): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string) => schemaPaths(def[key] as z.ZodType, prefix, seen);
  switch (def.type) {
    case 'object': {
      if (seen.has(schema)) return [`${prefix} (recursive)`];
      const shape = def.shape as Record<string, z.ZodType>;
      const next = new Set(seen).add(schema);
      return Object.entries(shape).flatMap(([key, field]) => schemaPaths(field, prefix ? `${prefix}.${key}` : key, next));
    }
    case 'array':
      return schemaPaths(def.element as z.ZodType, `${prefix}[]`, seen);
    case 'record':
      return schemaPaths(def.valueType as z.ZodType, `${prefix}.*`, seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('out');
    case 'lazy':
      return schemaPaths((def.getter as () => z.ZodType)(), prefix, seen);
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((option) => schemaPaths(option, prefix, seen)))];
    case 'intersection':
      return [...new Set([...inner('left'), ...inner('right')])];
    default:
      return [prefix];
  }
}
