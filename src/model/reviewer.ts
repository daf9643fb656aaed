/**
 * Reviewers (issue #30): the people of a client who decide the items its screenings stopped. An
 * `analyst` decides; an `approver` decides and approves the decisions of others (four eyes). Like
 * clients (client.ts), `Reviewer` is the public view and `StoredReviewer` adds the password hash.
 */
import { z } from 'zod';
import { SecretHash } from './client.js';
import { MAX_CLIENT_ID_CHARS } from './credentials.js';
import { EpochMillis } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const ReviewerRole = z
  .enum(['analyst', 'approver'])
  .describe('analyst: decides; approver: decides and approves the decisions of another reviewer');
export type ReviewerRole = z.infer<typeof ReviewerRole>;

/** A login name: short, printable, no spaces at either end (it is typed at a login form). */
export const ReviewerName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' })
  .describe("The reviewer's login name, unique within the client");
export type ReviewerName = z.infer<typeof ReviewerName>;

export const Reviewer = z.object({
  client_id: z.string(),
  name: ReviewerName,
  role: ReviewerRole,
  disabled: z.boolean(),
  created_at: EpochMillis,
  updated_at: EpochMillis,
});
export type Reviewer = z.infer<typeof Reviewer>;

/** The record in collection "reviewers" (id: the name, owner: the client). */
export const StoredReviewer = Reviewer.extend({ password_hash: SecretHash });
export type StoredReviewer = z.infer<typeof StoredReviewer>;

/** What `warden reviewers create` prints: the only time the password is shown. */
export const NewReviewerCredentials = z.object({
  client_id: z.string(),
  name: ReviewerName,
  role: ReviewerRole,
  password: z.string().describe('Shown once; Warden keeps only a salted hash'),
});
export type NewReviewerCredentials = z.infer<typeof NewReviewerCredentials>;

/** POST /api/v1/review/auth/token. */
export const ReviewerTokenRequest = z.object({
  client_id: z.string().min(1).max(MAX_CLIENT_ID_CHARS),
  name: ReviewerName,
  password: z.string().min(1).max(256),
});
export type ReviewerTokenRequest = z.infer<typeof ReviewerTokenRequest>;
nameSchema(ReviewerTokenRequest, 'ReviewerTokenRequest', [
  {
    client_id: 'cl_0123456789abcdef',
    name: 'ana.gomez',
    password: 'password-printed-by-warden-reviewers-create',
  },
]);
