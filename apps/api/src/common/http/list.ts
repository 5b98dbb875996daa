import { z } from 'zod';

/** Every list endpoint answers `{ items: [...] }`, leaving room for paging fields. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** Route ids are opaque strings; anything else is simply not found. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
