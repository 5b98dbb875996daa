#!/usr/bin/env node
// Folder-level imports of apps/api/src (tests left out): which folder imports which, and the
// ones that run against the layering (a platform folder importing a domain; a cycle between
// domains). `node scripts/arch/api-imports.mjs [--all]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../apps/api/src');
const PLATFORM = new Set(['common', 'config', 'prisma', 'tenancy', 'queue', 'generated', 'access', 'events', 'metrics']);
// The top wires everything (and the test harness starts it): it may import anything.
const TOP = new Set(['app.module.ts', 'main.ts', 'bootstrap.ts', 'openapi', 'test']);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : files(full);
    return name.endsWith('.ts') && !/\.test\.ts$/.test(name) ? [full] : [];
  });
}
const folderOf = (file) => path.relative(ROOT, file).split(path.sep)[0];

const edges = new Map();
for (const file of files(ROOT)) {
  const from = folderOf(file);
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
    const to = folderOf(path.resolve(path.dirname(file), spec));
    if (to === from || to.startsWith('..')) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}
const against = [];
const pairs = new Set(edges.keys());
for (const key of pairs) {
  const [from, to] = key.split(' -> ');
  if (TOP.has(from)) continue;
  if (TOP.has(to)) against.push(`${key} (imports the top)`);
  else if (PLATFORM.has(from) && !PLATFORM.has(to)) against.push(`${key} (platform imports a domain)`);
  else if (!PLATFORM.has(from) && !PLATFORM.has(to) && pairs.has(`${to} -> ${from}`)) against.push(`${key} (cycle)`);
}
if (process.argv.includes('--all')) for (const [key, count] of [...edges].sort()) console.log(`${key}  ${count}`);
console.log(`${edges.size} folder-level imports, ${against.length} against the layering${against.length ? ':' : ''}`);
for (const line of against.sort()) console.log(`  ${line}`);
process.exitCode = against.length ? 1 : 0;
