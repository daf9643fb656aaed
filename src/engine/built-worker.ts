/**
 * Where a worker thread's module is, and the Node flags it starts with. Worker threads load only
 * compiled JavaScript: from dist/ the module sits in the same tree; when the caller runs from src/
 * (tests, tsx) it is still the one in dist/.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The compiled module `name` ("batch/worker.js"), or null when it is not built. */
export function builtModule(name: string): URL | null {
  for (const candidate of [
    new URL(`../${name}`, import.meta.url),
    new URL(`../../dist/${name}`, import.meta.url),
  ]) {
    if (existsSync(fileURLToPath(candidate))) return candidate;
  }
  return null;
}

const MODULE_HOOK_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/**
 * The workers' Node flags: undefined (inherit the parent's) unless the parent has module hooks.
 * Inherited, Node passes on what a worker can take and leaves V8's flags (--max-old-space-size,
 * --stack-size) to the whole process; given explicitly, any of those makes `new Worker` throw
 * (ERR_WORKER_INVALID_EXEC_ARGV): `node --max-old-space-size=4096 dist/cli/main.js batch …` failed so.
 * With hooks, the parent's flags without them: workers load only compiled modules, so a hook
 * registered for TypeScript sources (tsx under the tests and benches) would only re-transform
 * compiled JavaScript in every worker (measured ~1 s of CPU per worker start, and slower module
 * loading). Node flags such as --cpu-prof and --enable-source-maps still reach the workers then; a
 * V8 flag beside a hook does not work.
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] | undefined {
  const isHook = (flag: string) => MODULE_HOOK_FLAGS.has(flag.split('=')[0]!);
  if (!parent.some(isHook)) return undefined;
  const kept: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const flag = parent[i]!;
    if (!isHook(flag)) kept.push(flag);
    else if (!flag.includes('=')) i++; // its value is the next argument
  }
  return kept;
}
