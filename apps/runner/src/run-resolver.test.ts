import { describe, expect, it } from 'vitest';
import { resolverFiles } from './run-resolver.js';
import { sandboxedCommand, type SandboxConfig } from './sandbox.js';

describe("a run's own resolver", () => {
  it('answers the pinned names with their addresses, from files only', () => {
    const files = resolverFiles([{ name: 'app.loadline.test', addresses: ['127.0.0.5', '::1'] }]);
    expect(files.hosts.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual(['127.0.0.5\tapp.loadline.test', '::1\tapp.loadline.test']);
    // Go's resolver (k6 is a static Go binary) sends no DNS query with hosts: files.
    expect(files['nsswitch.conf']).toMatch(/^hosts: files$/m);
    expect(files['resolv.conf']).not.toMatch(/nameserver/);
  });

  it("replaces the machine's resolver files in the sandbox when the run has its own", () => {
    const config: SandboxConfig = { mode: 'bwrap', uid: 65534, gid: 65534, memoryMb: 512, maxProcesses: 64, maxFileMb: 16 };
    const input = { k6Bin: '/opt/k6', workdir: '/w/run', k6Args: ['run'], env: {}, root: false, infoFd: 4 };
    const own = sandboxedCommand(config, { ...input, resolverDir: '/w/run-resolver' }).args.join(' ');
    for (const file of ['hosts', 'nsswitch.conf', 'resolv.conf']) expect(own).toContain(`--ro-bind /w/run-resolver/${file} /etc/${file}`);
    expect(own).not.toContain('--ro-bind-try /etc/hosts');
    const machine = sandboxedCommand(config, input).args.join(' ');
    expect(machine).toContain('--ro-bind-try /etc/hosts /etc/hosts');
  });
});
