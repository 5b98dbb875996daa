import fs from 'node:fs';

/**
 * Collects what this process writes to stdout and stderr, pino's lines included (pino writes
 * with fs.write/fs.writeSync on fd 1, past process.stdout), so a test can say a secret was
 * never logged. Still passes everything through.
 */
export function captureProcessOutput(): { text: () => string; stop: () => void } {
  const chunks: string[] = [];
  const keep = (fd: unknown, data: unknown) => {
    if ((fd === 1 || fd === 2) && (typeof data === 'string' || Buffer.isBuffer(data))) chunks.push(String(data));
  };
  const { writeSync, write } = fs;
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  const stderrWrite = process.stderr.write.bind(process.stderr);
  fs.writeSync = ((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (writeSync as (...args: unknown[]) => number)(fd, data, ...rest);
  }) as typeof fs.writeSync;
  fs.write = ((fd: number, data: unknown, ...rest: unknown[]) => {
    keep(fd, data);
    return (write as (...args: unknown[]) => void)(fd, data, ...rest);
  }) as typeof fs.write;
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    chunks.push(String(chunk));
    return (stdoutWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
    chunks.push(String(chunk));
    return (stderrWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  return {
    text: () => chunks.join(''),
    stop: () => {
      fs.writeSync = writeSync;
      fs.write = write;
      process.stdout.write = stdoutWrite;
      process.stderr.write = stderrWrite;
    },
  };
}
