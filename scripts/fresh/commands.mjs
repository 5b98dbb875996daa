// Lists the commands the project's shell scripts call, with where: what the fresh-machine
// guard (check.sh) requires to be installed in a clean Debian root.
//
//   node scripts/fresh/commands.mjs SHFMT FILE...   ->  one "command file:line[,file:line...]" a line
//
// The scripts are parsed with shfmt's syntax tree (mvdan.cc/sh, the parser shfmt formats
// with), not with regular expressions: heredocs, strings and comments name many words that
// are not commands. A command is the first word of a simple command whose value is known
// when reading (not "$VAR"), looked through the wrappers the scripts use (env, as_root,
// quietly NAME, timeout N, bwrap ... --, bash -c '...'). Functions the scripts define are not
// commands; whether a name is a shell builtin is left to the caller's bash.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [shfmt, ...files] = process.argv.slice(2);
if (!shfmt || files.length === 0) {
  console.error('usage: node scripts/fresh/commands.mjs SHFMT FILE...');
  process.exit(2);
}

// Wrappers: how many words after the wrapper's own name are its arguments, not the command.
// A function means "find where the command starts".
const WRAPPERS = {
  as_root: 0,
  exec: 0,
  nohup: 0,
  sudo: 0,
  setsid: 0,
  quietly: 1, // quietly LOG-NAME command...
  suite: 1, // suite NAME command...
  step: 1, // step NAME command...
  wait_until: 1, // wait_until SECONDS command...
  start_service: 2, // start_service RUN-DIR NAME command...
  timeout: (words, i) => skipOptions(words, i) + 1,
  xargs: (words, i) => skipOptions(words, i),
  env: (words, i) => {
    while (i < words.length && words[i] !== null && (/^[A-Za-z_]\w*=/.test(words[i]) || words[i].startsWith('-'))) {
      i += words[i] === '-u' ? 2 : 1;
    }
    return i;
  },
  bwrap: (words, i) => words.indexOf('--', i) + 1 || words.length,
};

function skipOptions(words, i) {
  while (i < words.length && words[i] !== null && words[i].startsWith('-')) i++;
  return i;
}

// The literal value of a word, or null when it depends on the run ("$x", $(...), globs).
function literal(word) {
  let value = '';
  for (const part of word.Parts ?? []) {
    if (part.Type === 'Lit') value += part.Value;
    else if (part.Type === 'SglQuoted') value += part.Value;
    else if (part.Type === 'DblQuoted' && (part.Parts ?? []).every((p) => p.Type === 'Lit')) value += (part.Parts ?? []).map((p) => p.Value).join('');
    else return null;
  }
  return value;
}

function parse(source, file) {
  return JSON.parse(execFileSync(shfmt, ['--to-json', '--filename', file], { input: source, encoding: 'utf8', maxBuffer: 256 << 20 }));
}

const calls = new Map(); // command -> Set of "file:line"
const functions = new Set();

function record(command, where) {
  if (!calls.has(command)) calls.set(command, new Set());
  calls.get(command).add(where);
}

function visitCall(node, file, lineOffset) {
  const words = (node.Args ?? []).map(literal);
  let i = 0;
  // Walk through wrappers to the command they run.
  for (;;) {
    const word = words[i];
    if (word === undefined || word === null) return;
    const wrapper = WRAPPERS[word];
    if (wrapper === undefined) break;
    record(word, `${file}:${node.Pos.Line + lineOffset}`);
    i = typeof wrapper === 'function' ? wrapper(words, i + 1) : i + 1 + wrapper;
  }
  const command = words[i];
  if (command === undefined || command === null || command.startsWith('-')) return;
  if (command === 'command') return; // command -v NAME: a check, not a call
  const where = `${file}:${node.Pos.Line + lineOffset}`;
  if (command.includes('/')) return; // a path the script names (bash scripts/x.sh, "$TOOLS_DIR/bin/k6")
  record(command, where);
  // bash -c 'script' and sh -c 'script': the script's own commands.
  if ((command === 'bash' || command === 'sh') && words[i + 1] === '-c' && typeof words[i + 2] === 'string') {
    walk(parse(words[i + 2], file), file, node.Pos.Line + lineOffset - 1);
  }
}

function walk(node, file, lineOffset) {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, file, lineOffset);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (node.Type === 'FuncDecl' && node.Name) functions.add(node.Name.Value);
  if (node.Type === 'CallExpr') visitCall(node, file, lineOffset);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'Pos' && key !== 'End' && typeof child === 'object') walk(child, file, lineOffset);
  }
}

for (const file of files) walk(parse(readFileSync(file, 'utf8'), file), file, 0);

for (const [command, where] of [...calls].sort(([a], [b]) => a.localeCompare(b))) {
  if (functions.has(command) || /^[A-Z_]\w*=/.test(command)) continue;
  console.log(`${command} ${[...where].join(',')}`);
}
