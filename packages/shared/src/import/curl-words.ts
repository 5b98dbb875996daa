/**
 * Splits shell text into commands and words the way a POSIX shell would for the curl lines
 * people paste: backslash-newline continuations, '...' and "..." quotes, $'...' (bash's
 * C-style quotes, which browsers use for bodies with newlines or quotes), backslash escapes,
 * comments, and commands separated by newlines, ; or &&. A pipe ends the command (curl ... |
 * jq, or || echo failed). Nothing is expanded or run: $VAR stays as written.
 */

export interface ShellWord {
  text: string;
  /** Line (1-based) the word starts on. */
  line: number;
}

export interface ShellCommand {
  line: number;
  words: ShellWord[];
}

export class ShellSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'ShellSyntaxError';
  }
}

const C_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** The body of $'...' starting after the opening quote: [decoded text, index after the closing quote]. */
function ansiC(text: string, start: number, line: number): [string, number] {
  let out = '';
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "'") return [out, i + 1];
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = text[i + 1] ?? '';
    const hex =
      /^x([0-9A-Fa-f]{1,2})/.exec(text.slice(i + 1)) ?? /^u([0-9A-Fa-f]{1,4})/.exec(text.slice(i + 1)) ?? /^U([0-9A-Fa-f]{1,8})/.exec(text.slice(i + 1));
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1));
    if (hex) {
      out += String.fromCodePoint(parseInt(hex[1]!, 16));
      i += hex[0].length;
    } else if (octal) {
      out += String.fromCharCode(parseInt(octal[0], 8));
      i += octal[0].length;
    } else if (C_ESCAPES[next] !== undefined) {
      out += C_ESCAPES[next];
      i++;
    } else {
      out += '\\' + next;
      i++;
    }
  }
  throw new ShellSyntaxError(line, 'unterminated quote');
}

export function splitCommands(text: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let words: ShellWord[] = [];
  let word: string | null = null;
  let wordLine = 1;
  let line = 1;
  /** After a pipe: words of the next program, dropped at the end of the command. */
  let discard = false;
  const endWord = () => {
    if (word !== null) words.push({ text: word, line: wordLine });
    word = null;
  };
  const endCommand = () => {
    endWord();
    if (words.length && !discard) commands.push({ line: words[0]!.line, words });
    words = [];
    discard = false;
  };
  const append = (part: string) => {
    if (word === null) {
      word = '';
      wordLine = line;
    }
    word += part;
  };
  const newlines = (part: string) => (part.match(/\n/g) ?? []).length;

  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === '\n' || (next === '\r' && text[i + 2] === '\n')) {
        i += next === '\n' ? 2 : 3;
        line++;
      } else {
        if (next !== undefined) append(next);
        i += 2;
      }
    } else if (ch === '\n') {
      endCommand();
      line++;
      i++;
    } else if (ch === ' ' || ch === '\t' || ch === '\r') {
      endWord();
      i++;
    } else if (ch === ';' || (ch === '&' && text[i + 1] === '&')) {
      endCommand();
      i += ch === ';' ? 1 : 2;
    } else if (ch === '|') {
      // curl ... | jq . : the command ends here and what it is piped to is not curl's.
      endCommand();
      discard = true;
      i += text[i + 1] === '|' ? 2 : 1;
    } else if (ch === '#' && word === null) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError(line, 'unterminated quote');
      const part = text.slice(i + 1, end);
      append(part);
      line += newlines(part);
      i = end + 1;
    } else if (ch === '$' && text[i + 1] === "'") {
      const startLine = line;
      append('');
      const [part, next] = ansiC(text, i + 2, startLine);
      line += newlines(text.slice(i, next));
      append(part);
      i = next;
    } else if (ch === '"') {
      const startLine = line;
      append('');
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && '$`"\\\n'.includes(text[j + 1] ?? '')) {
          if (text[j + 1] !== '\n') append(text[j + 1]!);
          else line++;
          j++;
        } else {
          if (text[j] === '\n') line++;
          append(text[j]!);
        }
      }
      if (j >= text.length) throw new ShellSyntaxError(startLine, 'unterminated quote');
      i = j + 1;
    } else {
      append(ch);
      i++;
    }
  }
  endCommand();
  return commands;
}
