import { readFileSync } from 'node:fs';
import { ApiClient } from './api.js';
import { parseCommandLine, type Command } from './args.js';
import { readConfig } from './config.js';
import type { Context, Io } from './context.js';
import { CliError, EXIT, UsageError, type ExitCode } from './exit-codes.js';
import { runPlan } from './commands/run.js';
import { listPlansCommand, listRunsCommand } from './commands/lists.js';
import { applyPlan, exportPlan } from './commands/plans-as-code.js';
import { pushDataSet } from './commands/data.js';

/** This package's version (package.json sits next to src/ and dist/). */
export function cliVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Runs one command line; answers the exit code. Never throws. */
export async function main(argv: readonly string[], io: Io): Promise<ExitCode> {
  const version = cliVersion();
  let command: Command;
  try {
    command = parseCommandLine(argv, version);
  } catch (error) {
    return report(error, io);
  }
  if (command.kind === 'help') {
    io.stdout(command.text);
    return EXIT.OK;
  }
  if (command.kind === 'version') {
    io.stdout(`${version}\n`);
    return EXIT.OK;
  }
  try {
    const config = readConfig(io.env);
    const client = new ApiClient(config, {
      ...(io.fetch ? { fetch: io.fetch } : {}),
      sleep: io.sleep,
      notice: (message) => io.stderr(`${message}\n`),
      userAgent: `loadline-cli/${version}`,
    });
    const ctx: Context = { io, config, client };
    switch (command.kind) {
      case 'run':
        return await runPlan(command, ctx);
      case 'plans':
        return await listPlansCommand(command, ctx);
      case 'runs':
        return await listRunsCommand(command, ctx);
      case 'export':
        return await exportPlan(command, ctx);
      case 'apply':
        return await applyPlan(command, ctx);
      case 'data-push':
        return await pushDataSet(command, ctx);
    }
  } catch (error) {
    return report(error, io);
  }
}

function report(error: unknown, io: Io): ExitCode {
  if (error instanceof UsageError) {
    io.stderr(`loadline: ${error.message}\n${error.command ? `Usage: see "loadline ${error.command} --help".` : 'Usage: see "loadline --help".'}\n`);
    return error.exitCode;
  }
  if (error instanceof CliError) {
    io.stderr(`loadline: ${error.message}\n`);
    return error.exitCode;
  }
  io.stderr(`loadline: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT.USAGE;
}
