import type { RunStatus } from '@loadline/shared';

/**
 * What `loadline` exits with. CI reads these, so they are part of the CLI's contract
 * (docs/cli.md):
 *
 * - 0: the run PASSED (or the command did what it was asked);
 * - 1: the run FAILED a threshold;
 * - 2: no verdict to trust: the run ERRORED, was INCONCLUSIVE or CANCELLED, or did not end
 *   before --timeout (or the API could no longer be asked about it);
 * - 3: nothing ran: a usage or configuration error, or the API refused or failed before a run
 *   existed.
 */
export const EXIT = {
  OK: 0,
  FAILED: 1,
  NO_VERDICT: 2,
  USAGE: 3,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code for a run that ended with `status`. */
export function exitCodeForStatus(status: RunStatus): ExitCode {
  switch (status) {
    case 'PASSED':
      return EXIT.OK;
    case 'FAILED':
      return EXIT.FAILED;
    case 'ERRORED':
    case 'INCONCLUSIVE':
    case 'CANCELLED':
      return EXIT.NO_VERDICT;
    default:
      // Not over yet: only reached when --wait gave up (timeout), which has no verdict.
      return EXIT.NO_VERDICT;
  }
}

/** An error the CLI explains in one message and exits with `exitCode` for. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.USAGE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Wrong arguments: the message, then a pointer to the command's help. */
export class UsageError extends CliError {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message, EXIT.USAGE);
    this.name = 'UsageError';
  }
}
