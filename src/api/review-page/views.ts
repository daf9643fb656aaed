/**
 * The review page's templates (views/review/*.eta, shipped with the package) and what they are
 * given besides their data. Eta escapes every `<%= %>` interpolation: list data is untrusted input
 * (a listed name can hold markup), so the templates use the raw `<%~ %>` only for their own includes.
 */
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import type { FastifyReply } from 'fastify';
import type { QueueItem } from '../../model/review-queue.js';
import type { ReviewerIdentity } from '../../review/index.js';
import { pathOfKind } from './item-kinds.js';

const VIEWS = fileURLToPath(new URL('../../../views/review', import.meta.url));
const eta = new Eta({ views: VIEWS, cache: true });

/** Ages as a reviewer reads them: "45 min", "3 h", "2 d". */
function ageOf(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

export interface PageFrame {
  readonly reviewer: ReviewerIdentity | null;
  readonly csrf: string;
  readonly now: number;
  readonly notice?: string | null;
  readonly error?: string | null;
}

/** Formatting the templates share. */
const format = {
  age: (now: number, at: number) => ageOf(now - at),
  time: (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
  score: (score: number) => score.toFixed(3),
  /** A query string of the given, non-empty parameters (the queue's filters and page). */
  query: (params: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(params)
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([key, value]): [string, string] => [key, String(value)]),
    ).toString(),
  itemUrl: (item: Pick<QueueItem, 'kind' | 'subject'>) =>
    `/review/${pathOfKind(item.kind)}/${encodeURIComponent(item.subject)}`,
};

export function render(
  reply: FastifyReply,
  view: string,
  frame: PageFrame,
  data: Record<string, unknown>,
  status = 200,
): FastifyReply {
  const html = eta.render(`./${view}`, { ...frame, ...data, format });
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
