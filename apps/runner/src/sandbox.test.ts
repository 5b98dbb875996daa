import { describe, expect, it } from 'vitest';
import { sandboxedCommand, type SandboxConfig } from './sandbox.js';

const config: SandboxConfig = { mode: 'bwrap', uid: 65534, gid: 65534, memoryMb: 1024, maxProcesses: 512, maxFileMb: 64 };
const input = {
  k6Bin: '/opt/loadline/.tools/bin/k6',
  workdir: '/var/lib/loadline/run-1',
  k6Args: ['run', 'script.js'],
  env: { LOADLINE_BASE_URL: 'http://127.0.0.2:8080', LOADLINE_HEADERS: '{"Authorization":"Bearer sealed-until-now"}' },
  root: true,
  infoFd: 4,
};

/** What the sandbox promises, read off the command line it builds. */
describe('sandboxedCommand', () => {
  it('drops to the sandbox user without capabilities, under resource limits, before bwrap starts', () => {
    const command = sandboxedCommand(config, input);
    const argv = [command.bin, ...command.args];
    expect(argv.slice(0, argv.indexOf('bwrap'))).toEqual([
      'prlimit',
      `--data=${1024 * 1024 * 1024}`,
      '--nproc=512',
      `--fsize=${64 * 1024 * 1024}`,
      '--core=0',
      '--',
      'setpriv',
      '--reuid=65534',
      '--regid=65534',
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--no-new-privs',
      '--',
    ]);
  });

  it('shows k6 only its binary, its work folder and the files name resolution and TLS need, with only its own environment', () => {
    const { args } = sandboxedCommand(config, input);
    const binds = args.flatMap((arg, i) =>
      arg === '--bind' || arg === '--ro-bind' || arg === '--ro-bind-try' ? [`${arg} ${args[i + 1]} ${args[i + 2]}`] : [],
    );
    expect(binds).toEqual([
      '--ro-bind /opt/loadline/.tools/bin/k6 /k6',
      '--bind /var/lib/loadline/run-1 /work',
      '--ro-bind-try /etc/ssl/certs /etc/ssl/certs',
      '--ro-bind-try /usr/share/ca-certificates /usr/share/ca-certificates',
      // Without a resolver of the run's own (a job of the previous release): the machine's.
      '--ro-bind-try /etc/hosts /etc/hosts',
      '--ro-bind-try /etc/nsswitch.conf /etc/nsswitch.conf',
      '--ro-bind-try /etc/resolv.conf /etc/resolv.conf',
    ]);
    expect(args).toEqual(expect.arrayContaining(['--unshare-all', '--share-net', '--unshare-user', '--disable-userns', '--die-with-parent', '--new-session']));
    expect(args.slice(args.lastIndexOf('--') + 1)).toEqual(['/k6', 'run', 'script.js']);
  });

  it("passes k6's variables in the launcher's environment, never on the command line ps shows", () => {
    const command = sandboxedCommand(config, input);
    expect(command.env).toEqual({ ...input.env, PATH: expect.any(String) });
    // PATH was for the launchers: k6 starts without it.
    expect(command.args.join(' ')).toContain('--unsetenv PATH --');
    expect([command.bin, ...command.args].join(' ')).not.toMatch(/sealed-until-now|127\.0\.0\.2|--setenv/);
  });

  it('needs no user change when the runner is not root, and starts k6 directly outside bwrap mode', () => {
    expect(sandboxedCommand(config, { ...input, root: false }).args).not.toContain('setpriv');
    expect(sandboxedCommand({ ...config, mode: 'container' }, input)).toEqual({
      bin: input.k6Bin,
      args: ['run', 'script.js'],
      env: input.env,
      k6Path: input.k6Bin,
      workdir: input.workdir,
    });
  });
});
