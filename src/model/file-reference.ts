/** A stored file (document photo, proof of address) as the onboarding area references it. */
import { z } from 'zod';
import { nameSchema } from './schema-names.js';

export const FileReference = z.object({
  id: z.string(),
  field_name: z.string().describe('Form field the file was uploaded through, e.g. file_key_document'),
  original_name: z.string(),
  encoding: z.string(),
  mime_type: z.string(),
  size: z.number().int().nonnegative().describe('Bytes'),
  path: z.string(),
  file_name: z.string(),
  service_code: z.string(),
});
export type FileReference = z.infer<typeof FileReference>;
nameSchema(FileReference, 'FileReference');
