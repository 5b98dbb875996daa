// A UserError is a problem the person running the command can fix: the CLI prints its
// message on one line, without a stack trace.

import path from 'node:path';

export class UserError extends Error {}
export const fail = (message) => {
  throw new UserError(message);
};

// Paths in messages are relative to where the command was started, so they can be pasted.
export const rel = (p) => path.relative(process.cwd(), p) || '.';
