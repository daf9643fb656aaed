/**
 * A form-posting visitor of the review page over fastify.inject(): it keeps the cookies the server
 * sets, as a browser does, and posts each form with the CSRF token of the last page it read.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { ApiHarness } from './harness.js';

export class PageVisitor {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly h: ApiHarness) {}

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.#remember(await this.h.inject({ method: 'GET', url, headers: this.#headers() }));
  }

  /** Posts `fields` as a form, with the page's CSRF token unless `_csrf` is given. */
  async post(url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    const payload = new URLSearchParams({ _csrf: this.csrf, ...fields }).toString();
    return this.#remember(
      await this.h.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...this.#headers(), 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
  }

  /** Logs in through the form and follows the redirect to the queue. */
  async logIn(clientId: string, name: string, password: string): Promise<LightMyRequestResponse> {
    await this.get('/review/login');
    return this.post('/review/login', { client_id: clientId, name, password });
  }

  #headers(): Record<string, string> {
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  #remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (token !== undefined) this.csrf = token;
    return response;
  }
}
