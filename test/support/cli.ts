/** Runs the built `warden` command (dist/cli/main.js; `npm test` builds first) and captures its output. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './datasets.js';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** `nodeFlags` go to node itself, before the script (`node --max-old-space-size=4096 main.js …`). */
export function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  nodeFlags: readonly string[] = [],
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, join(REPO_ROOT, 'dist/cli/main.js'), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The last non-empty stdout line parsed as JSON: the contract of `warden lists import`. */
export function lastJsonLine<T>(stdout: string): T {
  const lines = stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as T;
}
