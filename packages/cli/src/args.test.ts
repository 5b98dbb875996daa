import { describe, expect, it } from 'vitest';
import { parseCommandLine, parseTimeout } from './args.js';
import { UsageError } from './exit-codes.js';

const parse = (...argv: string[]) => parseCommandLine(argv, '1.2.3');
const usageError = (...argv: string[]) => {
  try {
    parse(...argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`);
};

describe('parseCommandLine', () => {
  it('parses run with every option, options before or after the plan', () => {
    expect(parse('run', 'checkout baseline', '--wait', '--timeout', '10m', '--junit', 'out/r.xml', '--json', 'r.json', '--idempotency-key', 'ci-42')).toEqual({
      kind: 'run',
      plan: 'checkout baseline',
      wait: true,
      timeoutSeconds: 600,
      junit: 'out/r.xml',
      json: 'r.json',
      idempotencyKey: 'ci-42',
    });
    expect(parse('run', '--wait', 'p1')).toEqual({ kind: 'run', plan: 'p1', wait: true });
    expect(parse('run', 'p1', '--wait', '--timeout=90')).toEqual({ kind: 'run', plan: 'p1', wait: true, timeoutSeconds: 90 });
    expect(parse('run', 'p1')).toEqual({ kind: 'run', plan: 'p1', wait: false });
  });

  it('reads repeated --label k=v as the run labels, and refuses malformed or repeated ones', () => {
    expect(parse('run', 'p1', '--label', 'commit=ab12cd3', '--label=branch=main')).toEqual({
      kind: 'run',
      plan: 'p1',
      wait: false,
      labels: { commit: 'ab12cd3', branch: 'main' },
    });
    expect(usageError('run', 'p1', '--label', 'commit')).toBe('--label "commit" is not key=value');
    expect(usageError('run', 'p1', '--label', 'env=a', '--label', 'env=b')).toBe('--label env is given twice');
  });

  it('reads --target as the target to run against, and refuses it empty', () => {
    expect(parse('run', 'p1', '--target', 'staging', '--wait')).toEqual({ kind: 'run', plan: 'p1', wait: true, target: 'staging' });
    expect(parse('run', 'p1', '--target=cm3target1')).toEqual({ kind: 'run', plan: 'p1', wait: false, target: 'cm3target1' });
    expect(usageError('run', 'p1', '--target', ' ')).toBe('--target needs a value');
  });

  it('refuses files and a timeout without --wait', () => {
    expect(usageError('run', 'p1', '--junit', 'a.xml')).toBe('--junit needs --wait (the files and the timeout are about the finished run)');
    expect(usageError('run', 'p1', '--timeout', '1m', '--json', 'a.json')).toMatch(/^--timeout, --json need --wait/);
  });

  it('names missing and extra arguments and unknown options', () => {
    expect(usageError('run')).toBe('missing <plan>');
    expect(usageError('run', 'a', 'b')).toBe('unexpected argument "b"');
    expect(usageError('run', 'a', '--wiat')).toMatch(/Unknown option '--wiat'/);
    expect(usageError('run', 'a', '--wait', '--timeout')).toMatch(/--timeout/);
    expect(usageError('apply')).toBe('missing <file>');
    expect(usageError('deploy')).toBe('no command "deploy"');
    expect(usageError()).toBe('no command given');
    expect(usageError('--wait')).toMatch(/unknown option "--wait"/);
  });

  it('parses the listing and plans-as-code commands', () => {
    expect(parse('plans')).toEqual({ kind: 'plans', json: false });
    expect(parse('plans', '--json')).toEqual({ kind: 'plans', json: true });
    expect(parse('runs')).toEqual({ kind: 'runs', limit: 20, json: false });
    expect(parse('runs', '--plan', 'checkout', '--limit', '5', '--json')).toEqual({ kind: 'runs', plan: 'checkout', limit: 5, json: true });
    expect(usageError('runs', '--limit', '0')).toMatch(/--limit must be a whole number from 1 to 100/);
    expect(usageError('runs', '--limit', '101')).toMatch(/--limit/);
    expect(usageError('runs', '--limit', 'ten')).toMatch(/--limit/);
    expect(parse('export', 'checkout')).toEqual({ kind: 'export', plan: 'checkout' });
    expect(parse('export', 'checkout', '-o', 'plans/checkout.json')).toEqual({ kind: 'export', plan: 'checkout', output: 'plans/checkout.json' });
    expect(parse('apply', 'plan.json', '--dry-run')).toEqual({ kind: 'apply', file: 'plan.json', dryRun: true });
    expect(parse('apply', 'plan.json')).toEqual({ kind: 'apply', file: 'plan.json', dryRun: false });
  });

  it('answers help and version', () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const command = parse(...argv);
      expect(command.kind).toBe('help');
      expect(command.kind === 'help' && command.text).toContain('loadline 1.2.3');
    }
    const runHelp = parse('run', '--help');
    expect(runHelp.kind === 'help' && runHelp.text).toMatch(/^Usage: loadline run <plan>/);
    expect(runHelp.kind === 'help' && runHelp.text).toContain('Exit codes: 0 PASSED, 1 FAILED');
    // --help wins over missing arguments.
    expect(parse('apply', '-h').kind).toBe('help');
    const helpApply = parse('help', 'apply');
    expect(helpApply.kind === 'help' && helpApply.text).toMatch(/^Usage: loadline apply/);
    expect(usageError('help', 'nope')).toBe('no command "nope"');
    expect(parse('--version')).toEqual({ kind: 'version' });
  });
});

describe('parseTimeout', () => {
  it('reads k6 durations and plain seconds', () => {
    expect(parseTimeout('30m')).toBe(1800);
    expect(parseTimeout('1h30m')).toBe(5400);
    expect(parseTimeout('45s')).toBe(45);
    expect(parseTimeout('90')).toBe(90);
    expect(parseTimeout('2.5')).toBe(2.5);
  });

  it('refuses anything else', () => {
    for (const value of ['', '0', '0s', 'soon', '10 minutes', '-5', '5d']) expect(() => parseTimeout(value)).toThrow(UsageError);
  });
});
