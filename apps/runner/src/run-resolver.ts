import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PinnedHost } from '@loadline/shared';

/**
 * A run's own name resolution, for k6 in the bwrap sandbox: the target's name answers the
 * addresses the API pinned when the run started, and no other name answers at all. k6 (a
 * static Go binary, so Go's own resolver) reads /etc/nsswitch.conf, and with `hosts: files`
 * it never sends a DNS query: a script cannot carry data out in the names it looks up, nor
 * learn where other names point. Without this, --blacklist-ip stops the connection but the
 * lookup before it has already left the machine.
 *
 * The three files replace the machine's in the sandbox (bound read-only, owned by the runner,
 * outside the work folder k6 may write).
 */
export function resolverFiles(hosts: readonly PinnedHost[]): Record<'hosts' | 'nsswitch.conf' | 'resolv.conf', string> {
  const lines = hosts.flatMap((host) => host.addresses.map((address) => `${address}\t${host.name}`));
  return {
    hosts: ['# Loadline: the names this run may resolve, pinned when it started', ...lines, ''].join('\n'),
    'nsswitch.conf': ['# Loadline: names come from /etc/hosts only; no DNS query leaves the sandbox', 'hosts: files', ''].join('\n'),
    // No nameserver: with `hosts: files` none is asked; this keeps the machine's out of view.
    'resolv.conf': '# Loadline: no DNS in the sandbox (see nsswitch.conf)\n',
  };
}

/** Writes the resolver files into `dir` (made 0755, files 0644: k6 reads them, cannot change them). */
export async function writeResolver(dir: string, hosts: readonly PinnedHost[]): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o755 });
  for (const [name, content] of Object.entries(resolverFiles(hosts))) await writeFile(path.join(dir, name), content, { mode: 0o644 });
  return dir;
}
