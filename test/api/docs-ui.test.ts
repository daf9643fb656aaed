/** GET /docs: Swagger UI served from this server, with nothing loaded from another origin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anApiHarness, type ApiHarness } from './harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await anApiHarness();
});
afterAll(() => h.close());

const get = (url: string) => h.inject({ method: 'GET', url });

describe('GET /docs', () => {
  it('serves the Swagger UI page, whose scripts and styles are this server’s files', async () => {
    const page = await get('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="swagger-ui">');
    const assets = [...page.body.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(expect.arrayContaining(['/docs/static/swagger-ui-bundle.js']));
    expect(assets.filter((url) => !url.startsWith('/docs/static/'))).toEqual([]);
    for (const asset of assets) expect((await get(asset)).statusCode, asset).toBe(200);
  });

  it('forbids every other origin in its Content-Security-Policy', async () => {
    for (const url of ['/docs', '/docs/static/swagger-initializer.js']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toMatch(/https?:|\*/);
    }
  });

  it('loads no font, stylesheet or image from elsewhere, and asks no online validator', async () => {
    for (const css of ['/docs/static/swagger-ui.css', '/docs/static/index.css']) {
      const body = (await get(css)).body;
      expect(body).not.toMatch(/@import|url\(\s*["']?(https?:)?\/\//);
    }
    // The bundle holds URLs in strings (licences, the public validator); the validator is off, the CSP
    // stops the rest, and test/e2e/docs-page.test.ts watches what a browser really requests.
    const initializer = (await get('/docs/static/swagger-initializer.js')).body;
    expect(initializer).toContain('"validatorUrl":null');
  });

  it('renders the same document as /openapi.json', async () => {
    const [rendered, served] = await Promise.all([get('/docs/json'), get('/openapi.json')]);
    expect(rendered.json()).toEqual(served.json());
  });
});
