/**
 * A stand-in for the network (the dispatcher's `fetch` port): each call plays the next step of a
 * script — an HTTP status, a hang until aborted, or a refused connection — and records the request.
 */
export type Step = number | 'hang' | 'refuse';

export interface SeenRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export function scriptedFetch(steps: readonly Step[]): { fetch: typeof fetch; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  let call = 0;
  const fake = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const step = steps[Math.min(call++, steps.length - 1)] ?? 200;
    seen.push({
      url: String(input),
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: String(init?.body),
    });
    if (step === 'refuse') {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    }
    if (step === 'hang') {
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true }),
      );
    }
    return new Response(step === 204 ? null : 'ok', { status: step });
  };
  return { fetch: fake as typeof fetch, seen };
}

/** A clock that only moves when the dispatcher sleeps: backoff runs instantly and sent_at is exact. */
export function steppedClock(start: number) {
  let now = start;
  return {
    clock: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}
