import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { PageGeometrySchema } from './epaks.ts';
import { text } from './text.ts';

/** An uploaded document (`/v1/documents`). */
export const DocumentSchema = z.object({
  documentId: text(),
  name: text(),
  originalName: text(),
  pageCount: z.number().int(),
  pages: z.array(PageGeometrySchema),
  status: text(),
  /** What upload did: kept, decrypted, repaired, converted or created. */
  kind: text(),
  createdOn: text(),
  ePakId: text().nullable(),
  sha256: text(),
  size: z.number().int(),
});
export type Document = z.infer<typeof DocumentSchema>;

/** Characters a document name may not contain (code -67). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
export const INVALID_FILE_NAME_CHARS = /[\\/:*?"<>|\u0000-\u001f]/;

/** A file name safe on every desktop OS: refused characters replaced by `_`. */
export function safeFileName(name: string, fallback: string): string {
  return name.replace(new RegExp(INVALID_FILE_NAME_CHARS.source, 'g'), '_').slice(0, 100) || fallback;
}

export const RenameDocumentSchema = z.object({ name: text().trim().min(1).max(200) });
export const MergeDocumentsSchema = z.object({
  documentIds: z.array(IdSchema).min(2).max(50),
  name: text().trim().min(1).max(200),
});
export const DeleteDocumentsSchema = z.object({ documentIds: z.array(IdSchema).min(1).max(100) });
export const DocumentPathSchema = z.object({ documentId: IdSchema });
