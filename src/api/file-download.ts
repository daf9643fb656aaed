/**
 * How stored files go out (the spec names the file operations but shows no response):
 *
 * - one file (…/files/{fileId}): the raw bytes, Content-Type = the file's mime_type, Content-Length,
 *   and Content-Disposition with the original name — what a browser, curl -O or an image tag expect;
 * - several files (…/files): one JSON document `{ items: [{ ...file reference, content_base64 }] }`,
 *   since one HTTP body cannot carry several typed files without multipart, which few clients parse.
 *
 * `X-Content-Type-Options: nosniff` keeps a browser from running an uploaded file as something
 * other than its declared type.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { FileReference } from '../model/file-reference.js';
import { nameSchema } from '../model/schema-names.js';
import type { StoredFile } from '../onboarding/index.js';

export const FileWithContent = FileReference.extend({
  content_base64: z.string().describe('The file bytes, base64-encoded (RFC 4648, with padding)'),
});
export type FileWithContent = z.infer<typeof FileWithContent>;

export const FileList = z.object({
  items: z.array(FileWithContent).describe('In the order they were added'),
});
export type FileList = z.infer<typeof FileList>;
nameSchema(FileList, 'FileList');

/** The response entry documenting a raw file download. */
export const FILE_RESPONSE = {
  200: {
    description: "The file's bytes, typed with its mime_type",
    content: { 'application/octet-stream': { schema: z.string().describe('binary') } },
  },
} as const;

/** RFC 6266: an ASCII fallback name plus the exact name percent-encoded. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends one file as its own bytes. */
export function sendFile(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply
    .code(200)
    .header('content-type', file.reference.mime_type)
    .header('content-disposition', contentDisposition(file.reference.original_name))
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** Several files as one JSON document. */
export function fileList(files: readonly StoredFile[]): FileList {
  return {
    items: files.map((file) => ({
      ...file.reference,
      content_base64: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString(
        'base64',
      ),
    })),
  };
}
