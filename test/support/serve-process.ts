/** `warden serve` as a real child process (dist/), on port 0: its URL, its output, and a clean stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './datasets.js';

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Everything the server wrote to stdout so far (the request log, with --log). */
  stdout(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

export function startServeProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'dist/cli/main.js'), 'serve', '--port', '0', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const url = /serving (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url)
        resolve({
          url,
          child,
          stderr: () => stderr,
          stdout: () => stdout,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
    });
    void exited.then((code) => reject(new Error(`warden serve exited (${code}) before serving: ${stderr}`)));
  });
}
