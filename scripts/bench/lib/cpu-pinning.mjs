// Which CPUs a process (all its threads) may run on, with util-linux's taskset. The overhead
// benchmark puts the load generators on one CPU and their targets on the others (see
// overhead-window.mjs for why), and gives every process its CPUs back afterwards.
import os from 'node:os';
import { BenchError } from './util.mjs';
import { runCommand } from './processes.mjs';

/** The generators' CPU and the rest, or a clear refusal on a one-CPU machine. */
export function generatorAndTargetCpus() {
  const count = os.availableParallelism();
  if (count < 2) {
    throw new BenchError('the overhead benchmark needs at least 2 CPUs: one for the two load generators it compares, one for their targets');
  }
  return { generator: '0', targets: count === 2 ? '1' : `1-${count - 1}` };
}

async function taskset(args) {
  const result = await runCommand('taskset', args, { env: process.env });
  if (result.code !== 0) throw new BenchError(`taskset ${args.join(' ')} failed: ${result.stderr.trim() || `exit ${result.code}`}`);
  return result.stdout;
}

/** A process's CPU list as taskset prints it ("0,1", "0-3"). */
export async function cpusOf(pid) {
  const out = await taskset(['-c', '-p', String(pid)]);
  const match = /list:\s*(\S+)/.exec(out);
  if (!match) throw new BenchError(`taskset -c -p ${pid}: unexpected output ${JSON.stringify(out)}`);
  return match[1];
}

/**
 * Pins each process (every thread; children it starts later inherit it) to cpus and answers
 * a function that gives each its previous CPU list back.
 */
export async function pinProcesses(pids, cpus) {
  const previous = [];
  try {
    for (const pid of pids) {
      previous.push([pid, await cpusOf(pid)]);
      await taskset(['-a', '-c', '-p', cpus, String(pid)]);
    }
  } catch (error) {
    await restore(previous);
    throw error;
  }
  return () => restore(previous);
}

async function restore(previous) {
  for (const [pid, cpus] of previous) {
    // A process that has exited meanwhile has nothing to restore.
    await taskset(['-a', '-c', '-p', cpus, String(pid)]).catch(() => {});
  }
}
