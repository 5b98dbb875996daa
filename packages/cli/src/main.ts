#!/usr/bin/env node
// `loadline`: the Loadline CLI for CI pipelines (docs/cli.md).
import { main } from './cli.js';

const code = await main(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: process.stderr.isTTY === true,
  cwd: process.cwd(),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});
// exitCode, not exit(): stdout is flushed first when it is a pipe.
process.exitCode = code;
