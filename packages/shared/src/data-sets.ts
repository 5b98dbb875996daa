import { z } from 'zod';

/**
 * Test data sets: named, versioned tables of strings an organization uploads (CSV or a JSON
 * array of flat objects) and plans reference as {{data.<set>.<column>}}. Both names are
 * identifiers because they appear in that reference and in generated k6 code.
 */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const IDENTIFIER_RULE = 'must be letters, digits and _ (not starting with a digit), at most 64 characters';

export const dataSetNameSchema = z.string().regex(IDENTIFIER, IDENTIFIER_RULE);
export const dataColumnNameSchema = z.string().regex(IDENTIFIER, IDENTIFIER_RULE);

/** Whether a string is usable as a data set or column name (the same rule as the schemas). */
export function isDataIdentifier(value: string): boolean {
  return IDENTIFIER.test(value);
}

export const DATA_SET_FORMATS = ['csv', 'json'] as const;
export type DataSetFormat = (typeof DATA_SET_FORMATS)[number];

/** Defaults of the operator ceilings LOADLINE_DATA_SET_MAX_BYTES and LOADLINE_DATA_SET_MAX_ROWS. */
export const DATA_SET_DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DATA_SET_DEFAULT_MAX_ROWS = 1_000_000;
/** Columns a data set may have (a wider file is refused naming its header). */
export const DATA_SET_MAX_COLUMNS = 256;

/** Rows a preview shows, and what stands in for a secret cell there: a secret is never shown again in full. */
export const DATA_SET_PREVIEW_ROWS = 20;
export const SECRET_CELL_MASK = '••••••';

export const dataColumnSchema = z.object({
  name: dataColumnNameSchema,
  /** Sealed at rest, masked in previews, redacted from reports and logs. */
  secret: z.boolean(),
});
export type DataColumn = z.infer<typeof dataColumnSchema>;

export const dataSetVersionViewSchema = z.object({
  version: z.number().int().positive(),
  format: z.enum(DATA_SET_FORMATS),
  columns: z.array(dataColumnSchema),
  rowCount: z.number().int().min(0),
  /** Size of the uploaded file. */
  bytes: z.number().int().min(0),
  createdAt: z.string(),
});
export type DataSetVersionView = z.infer<typeof dataSetVersionViewSchema>;

export const dataSetViewSchema = z.object({
  id: z.string(),
  name: dataSetNameSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  latest: dataSetVersionViewSchema,
  /** How many versions the set has (the latest is number `latest.version`). */
  versions: z.number().int().positive(),
});
export type DataSetView = z.infer<typeof dataSetViewSchema>;

export const dataSetPreviewSchema = z.object({
  version: z.number().int().positive(),
  columns: z.array(dataColumnSchema),
  rowCount: z.number().int().min(0),
  /** The first DATA_SET_PREVIEW_ROWS rows, cells in column order; secret cells are SECRET_CELL_MASK. */
  rows: z.array(z.array(z.string())),
});
export type DataSetPreview = z.infer<typeof dataSetPreviewSchema>;

export const dataSetVersionsSchema = z.object({ items: z.array(dataSetVersionViewSchema) });

/** A data set's version number: stored as a 32-bit integer, so a larger one is a 400, not a database error. */
const dataSetVersionNumberSchema = z.number().int().positive().max(2_147_483_647);

/** `?version=` of the preview (absent: the latest). */
export const dataSetVersionQuerySchema = z.object({
  version: z.coerce.number().pipe(dataSetVersionNumberSchema).optional(),
});

/** `?secret=token,password` of an upload: the columns to seal. */
export const dataSetUploadQuerySchema = z.object({
  secret: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(dataColumnNameSchema).max(256)),
});

/** The content types an upload may carry, and the format each means. */
export const DATA_SET_CONTENT_TYPES: Readonly<Record<string, DataSetFormat>> = {
  'text/csv': 'csv',
  'application/json': 'json',
};

export const DATA_USE_MODES = ['unique', 'per-vu', 'sequential', 'random'] as const;
export type DataUseMode = (typeof DATA_USE_MODES)[number];

/**
 * What a plan says about one data set it uses. `whenExhausted` only means something for
 * `unique` (the other modes never run out); it is accepted and ignored for them.
 */
export const dataUseSchema = z.object({
  set: dataSetNameSchema,
  mode: z.enum(DATA_USE_MODES),
  whenExhausted: z.enum(['stop', 'wrap']).default('stop'),
  /** A pinned version; absent: the latest when the run starts. */
  version: dataSetVersionNumberSchema.optional(),
});
export type DataUse = z.infer<typeof dataUseSchema>;

/** Every element an array of strings: checked by hand because a stored table may hold a million rows. */
function isStringTable(value: unknown): value is string[][] {
  if (!Array.isArray(value)) return false;
  for (const row of value) {
    if (!Array.isArray(row)) return false;
    for (const cell of row) if (typeof cell !== 'string') return false;
  }
  return true;
}

/**
 * What DataSetVersion.rows (every cell, secret ones "") and the opened
 * DataSetVersion.sealedSecrets (the secret columns' cells) hold once un-gzip'd: the JSON
 * `{"v":1,"rows":string[][]}`, rows in file order.
 */
export const storedDataCellsSchema = z.object({
  v: z.literal(1),
  rows: z.custom<string[][]>(isStringTable, { message: 'must be an array of arrays of strings' }),
});
