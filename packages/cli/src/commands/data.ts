import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDataIdentifier, type DataSetView } from '@loadline/shared';
import type { Command } from '../args.js';
import type { Context } from '../context.js';
import { CliError, EXIT, UsageError, type ExitCode } from '../exit-codes.js';

type DataPushCommand = Extract<Command, { kind: 'data-push' }>;

/** The content type of a data set file, by its extension. */
export function contentTypeOf(file: string): string {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.csv') return 'text/csv';
  if (extension === '.json') return 'application/json';
  throw new UsageError(`${file}: a data set file is .csv (a header row, then rows) or .json (an array of flat objects)`, 'data');
}

/** --name, or the file's name without its extension when that is a valid set name. */
export function setNameOf(file: string, name: string | undefined): string {
  const chosen = name ?? path.basename(file, path.extname(file));
  if (!isDataIdentifier(chosen)) {
    throw new UsageError(
      `${name === undefined ? `the file name "${chosen}" is not` : `--name "${chosen}" is not`} a data set name (letters, digits and _, not starting with a digit)${name === undefined ? '; pass --name' : ''}`,
      'data',
    );
  }
  return chosen;
}

/** One line about the version the API stored: "users v2: 3 rows; columns user, token (secret), plan". */
export function describeUpload(view: DataSetView): string {
  const columns = view.latest.columns.map((column) => (column.secret ? `${column.name} (secret)` : column.name)).join(', ');
  const rows = view.latest.rowCount;
  return `${view.name} v${view.latest.version}: ${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}; columns ${columns}`;
}

/** `loadline data push <file>`: uploads the file as the set's next version (the first upload creates it). */
export async function pushDataSet(command: DataPushCommand, { io, client }: Context): Promise<ExitCode> {
  const type = contentTypeOf(command.file);
  const name = setNameOf(command.file, command.name);
  let bytes: Buffer;
  try {
    bytes = await readFile(path.resolve(io.cwd, command.file));
  } catch (error) {
    throw new CliError(`cannot read ${command.file}: ${(error as Error).message}`);
  }
  const query = command.secret.length ? `?secret=${encodeURIComponent(command.secret.join(','))}` : '';
  const view = (await client.putFile(`/data-sets/${name}${query}`, bytes, type)) as DataSetView;
  io.stdout(`Uploaded ${describeUpload(view)}\n`);
  return EXIT.OK;
}
