/**
 * The served document passes a validator (@apidevtools/swagger-parser: the OpenAPI 3.1 schema, every
 * $ref resolvable) and a linter (Redocly CLI with its recommended rules: no error). Redocly runs as a
 * child process on a temporary copy, with its telemetry and update check off, so it needs no network.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anApiHarness, type ApiHarness } from './harness.js';

const REDOCLY = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

/**
 * The warnings Redocly's recommended rules may still give, and why each stays:
 * - no-ambiguous-paths: the spec fixes paths such as /identities/{id}/files beside
 *   /identities/change-status/{id}; the router prefers the static segment, so each request has one route;
 * - info-license: the API is not published under a license;
 * - operation-4xx-response: /healthz cannot fail on its input (it takes none), so it has no 4xx.
 */
const ACCEPTED_WARNINGS = ['info-license', 'no-ambiguous-paths', 'operation-4xx-response'];

interface RedoclyReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: 'error' | 'warn'; message: string }[];
}

let h: ApiHarness;
let text: string;
const dir = mkdtempSync(join(tmpdir(), 'warden-openapi-'));
beforeAll(async () => {
  h = await anApiHarness();
  text = (await h.inject({ method: 'GET', url: '/openapi.json' })).body;
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 with every reference resolvable (swagger-parser)', async () => {
    const api = await SwaggerParser.validate(JSON.parse(text));
    expect(api.info.title).toBe('Warden screening API');
  });

  it('passes Redocly lint with its recommended rules, with no error and only known warnings', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, text);
    const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format=json'], {
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
    });
    const report = JSON.parse(stdout) as RedoclyReport;
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const warned = [...new Set(report.problems.map((p) => p.ruleId))];
    expect(warned.filter((rule) => !ACCEPTED_WARNINGS.includes(rule))).toEqual([]);
  });
});
