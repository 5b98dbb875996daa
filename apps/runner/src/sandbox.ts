import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, chown } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Where tenant code runs. Every k6 the runner starts (runs and script checks) executes
 * JavaScript a tenant wrote, so it gets a sandbox:
 *
 * - `bwrap` (Linux, the default): bubblewrap gives k6 its own mount, PID, IPC and UTS
 *   namespaces with a filesystem of only the k6 binary (read-only), the run's work folder
 *   (mounted at /work, the only writable place besides an empty /tmp), TLS's certificates and,
 *   for a run, a resolver of its own that answers only its target's name (run-resolver.ts). When the runner is root, k6 also runs as an unprivileged
 *   user (setpriv; 65534 by default) with no capabilities and no_new_privs, under resource
 *   limits (prlimit: memory, processes, file size, no core dumps). Its environment is the
 *   launchers' own (the run's variables and PATH, which bwrap unsets for k6).
 * - `container`: the runner's own container is the sandbox (the Helm chart: non-root,
 *   read-only root filesystem, all capabilities dropped, no service-account token, nothing
 *   mounted but the work folder), so k6 is started directly, still with a clean environment.
 * - `off`: no sandbox. Only for a runner that never runs code you do not trust; the runner
 *   says so loudly at start.
 *
 * The network is shared: where k6 may connect is the job's address policy (--blacklist-ip).
 */
export type SandboxMode = 'bwrap' | 'container' | 'off';

export interface SandboxConfig {
  mode: SandboxMode;
  /** The user and group k6 runs as when the runner is root (bwrap mode). */
  uid: number;
  gid: number;
  /** Ceiling of k6's data segment (heap), MiB. */
  memoryMb: number;
  /** Ceiling of processes and threads of the sandbox user (RLIMIT_NPROC). */
  maxProcesses: number;
  /** Largest file k6 may write in its work folder, MiB. */
  maxFileMb: number;
}

/** Where the work folder appears inside the sandbox (k6's messages name files there). */
export const SANDBOX_WORKDIR = '/work';
const SANDBOX_K6 = '/k6';

/** /etc files k6 needs for TLS; absent ones are skipped. */
const READ_ONLY_SYSTEM_PATHS = ['/etc/ssl/certs', '/usr/share/ca-certificates'];
/** The resolver's files: the run's own (run-resolver.ts) when it has them, else the machine's. */
const RESOLVER_FILES = ['hosts', 'nsswitch.conf', 'resolv.conf'];

export interface SandboxedCommand {
  bin: string;
  args: string[];
  /**
   * The launcher's environment, which bwrap hands on to k6 as it is: k6's variables travel
   * here, never on a command line (`ps` shows command lines to every user of the machine; an
   * environment only to its own user).
   */
  env: Record<string, string>;
  /** The k6 binary and work folder as k6 sees them. */
  k6Path: string;
  workdir: string;
  /**
   * bwrap writes `{"child-pid": N}` to this fd once k6 has started: k6's pid as the runner
   * sees it, for signals (bwrap does not forward them) and CPU sampling.
   */
  infoFd?: number;
}

export interface CommandInput {
  k6Bin: string;
  /** The run's work folder on the runner's machine. */
  workdir: string;
  k6Args: string[];
  /** k6's complete environment; nothing else is passed in. */
  env: Record<string, string>;
  /** Whether the runner runs as root (then k6 is moved to the sandbox user). */
  root: boolean;
  infoFd: number;
  /** A folder of the run's own hosts, nsswitch.conf and resolv.conf (run-resolver.ts); absent: the machine's. */
  resolverDir?: string;
}

/**
 * The command line that starts k6 in the sandbox. Pure: what it guarantees is read here.
 * With `bwrap`, k6 is pid 1 of its PID namespace (--as-pid-1), so a signal to the child pid
 * bwrap reports reaches k6 itself, and --die-with-parent kills it if the runner dies.
 */
export function sandboxedCommand(config: SandboxConfig, input: CommandInput): SandboxedCommand {
  if (config.mode !== 'bwrap') {
    return { bin: input.k6Bin, args: input.k6Args, env: input.env, k6Path: input.k6Bin, workdir: input.workdir };
  }
  const bwrap = [
    'bwrap',
    '--unshare-all',
    '--share-net',
    // A user namespace of its own even as root, so k6 cannot make further namespaces.
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--as-pid-1',
    '--info-fd',
    String(input.infoFd),
    '--ro-bind',
    input.k6Bin,
    SANDBOX_K6,
    '--bind',
    input.workdir,
    SANDBOX_WORKDIR,
    '--chdir',
    SANDBOX_WORKDIR,
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    ...READ_ONLY_SYSTEM_PATHS.flatMap((system) => ['--ro-bind-try', system, system]),
    ...RESOLVER_FILES.flatMap((file) =>
      input.resolverDir ? ['--ro-bind', path.join(input.resolverDir, file), `/etc/${file}`] : ['--ro-bind-try', `/etc/${file}`, `/etc/${file}`],
    ),
    // The launchers needed PATH to find each other; k6 gets its own variables only.
    '--unsetenv',
    'PATH',
    '--',
    SANDBOX_K6,
    ...input.k6Args,
  ];
  const unprivileged = input.root
    ? ['setpriv', `--reuid=${config.uid}`, `--regid=${config.gid}`, '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs', '--']
    : [];
  const MiB = 1024 * 1024;
  const limits = ['prlimit', `--data=${config.memoryMb * MiB}`, `--nproc=${config.maxProcesses}`, `--fsize=${config.maxFileMb * MiB}`, '--core=0', '--'];
  const [bin, ...args] = [...limits, ...unprivileged, ...bwrap];
  return { bin: bin!, args, env: { ...input.env, PATH: LAUNCHER_PATH }, k6Path: SANDBOX_K6, workdir: SANDBOX_WORKDIR, infoFd: input.infoFd };
}

/** Gives the run's work folder to the sandbox user, who alone may read it (0700). */
export async function prepareWorkdir(config: SandboxConfig, workdir: string, files: string[], root: boolean): Promise<void> {
  if (config.mode !== 'bwrap' || !root) return;
  // The sandbox user must pass through the runner's work root (not list it) to reach its folder.
  await chmod(path.dirname(workdir), 0o711);
  for (const file of [workdir, ...files]) await chown(file, config.uid, config.gid);
}

export class SandboxUnavailableError extends Error {}

/**
 * Starts `k6 version` in the sandbox once, at the runner's start, so a machine without
 * bubblewrap (or where namespaces are not allowed) fails loudly instead of at the first run.
 */
export async function probeSandbox(config: SandboxConfig, k6Bin: string, workdir: string, root: boolean): Promise<void> {
  if (config.mode !== 'bwrap') return;
  // A missing k6 is a problem of its own: each run says K6_MISSING and how to build it.
  if (
    !(await access(k6Bin, constants.X_OK).then(
      () => true,
      () => false,
    ))
  )
    return;
  await prepareWorkdir(config, workdir, [], root);
  const command = sandboxedCommand(config, { k6Bin, workdir, k6Args: ['version'], env: {}, root, infoFd: 1 });
  // The info JSON goes to stdout here (fd 1) and is ignored; only the exit status matters.
  try {
    await promisify(execFile)(command.bin, command.args, { timeout: 15_000, env: command.env });
  } catch (error) {
    const { code, stderr } = error as { code?: string | number; stderr?: string };
    const why = code === 'ENOENT' ? 'prlimit, setpriv or bwrap is not installed' : stderr?.trim() || (error as Error).message;
    throw new SandboxUnavailableError(
      `cannot start k6 in its sandbox (${why}). Install bubblewrap (apt-get install bubblewrap), or, where the runner's own container is the sandbox (the Helm chart), set LOADLINE_SANDBOX=container.`,
    );
  }
}

/** The fd on which the launcher reports k6's pid (after stdin, stdout, stderr and the metrics fd 3). */
export const SANDBOX_INFO_FD = 4;
/** The launchers' own PATH; k6 itself gets only the environment it is given. */
const LAUNCHER_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export interface K6Launch {
  /** The k6 binary itself, when `bin` is the sandbox launcher: checked before starting. */
  k6Bin?: string;
  bin: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  infoFd?: number;
}

/**
 * How to start k6 with `k6Args` in `workdir` under this sandbox. File arguments must be
 * relative to the work folder (k6 runs in it, inside the sandbox or not). `resolverDir`: the
 * run's own name resolution (bwrap only; the container's resolver is the pod's).
 */
export function k6Launch(config: SandboxConfig, k6Bin: string, workdir: string, k6Args: string[], env: Record<string, string>, resolverDir?: string): K6Launch {
  // k6's home and temporary folder are its work folder, wherever that appears to it.
  if (config.mode !== 'bwrap') return { bin: k6Bin, args: k6Args, env: { ...env, HOME: workdir, TMPDIR: workdir }, cwd: workdir };
  const inside = { ...env, HOME: SANDBOX_WORKDIR, TMPDIR: SANDBOX_WORKDIR };
  const command = sandboxedCommand(config, { k6Bin, workdir, k6Args, env: inside, root: isRoot(), infoFd: SANDBOX_INFO_FD, resolverDir });
  return { k6Bin, bin: command.bin, args: command.args, env: command.env, cwd: workdir, infoFd: command.infoFd };
}

export const isRoot = () => process.getuid?.() === 0;

/** Whether k6 died of the sandbox's memory ceiling (Go's runtime says "out of memory" on stderr). */
export function ranOutOfMemory(stderr: readonly string[]): boolean {
  return stderr.some((line) => /^fatal error: .*out of memory|^runtime: out of memory/.test(line));
}

export function outOfMemoryMessage(memoryMb: number): string {
  return `k6 ran out of memory: it may use ${memoryMb} MiB (LOADLINE_K6_MEMORY_MB on the runner). Fewer VUs per segment (more segments) or smaller data in the script need less.`;
}

/** The same for a script check, whose ceiling is its own (LOADLINE_SCRIPT_CHECK_MEMORY_MB). */
export function checkOutOfMemoryMessage(memoryMb: number): string {
  return `k6 ran out of memory: it may use ${memoryMb} MiB to check a script (LOADLINE_SCRIPT_CHECK_MEMORY_MB on the runner). Smaller data in the script's init code needs less.`;
}
