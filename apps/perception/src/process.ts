import { spawn } from 'node:child_process';

export interface RunProcessOptions {
  signal?: AbortSignal;
  /** Streamed stdout; when set, stdout is not collected. */
  onStdout?: (chunk: Buffer) => void;
  onStderrLine?: (line: string) => void;
  /** How many trailing stderr lines to keep for error messages. */
  keepStderrLines?: number;
}

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderrTail: string[];
}

export class AbortedError extends Error {
  override readonly name = 'AbortError';
}

/** Runs a binary without a shell; resolves on exit whatever the code, rejects if it cannot start or is aborted. */
export function runProcess(bin: string, args: string[], options: RunProcessOptions = {}): Promise<ProcessResult> {
  const { signal, onStdout, onStderrLine, keepStderrLines = 30 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError('aborted before start'));
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const tail: string[] = [];
    let partial = '';
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => (onStdout ? onStdout(chunk) : stdout.push(chunk)));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      const lines = (partial + text).split(/\r?\n|\r/);
      partial = lines.pop() ?? '';
      for (const line of lines) {
        onStderrLine?.(line);
        tail.push(line);
        if (tail.length > keepStderrLines) tail.shift();
      }
    });
    child.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      if (partial) {
        onStderrLine?.(partial);
        tail.push(partial);
      }
      if (aborted) return reject(new AbortedError('aborted'));
      resolve({ code, signal: sig, stdout: Buffer.concat(stdout), stderrTail: tail.filter((l) => l.trim() !== '') });
    });
  });
}

/**
 * A line of ffmpeg/ffprobe output fit to show a user: the work file's server path becomes
 * `the file`, and any other absolute path is reduced to its last part.
 */
export function withoutPaths(line: string, file: string): string {
  return line
    .split(file)
    .join('the file')
    .replace(/(?:[A-Za-z]:)?(?:[\\/][^\\/\s:'"]+)+[\\/]([^\\/\s:'"]+)/g, '$1')
    .trim();
}
