import type { Document } from '@signet/contracts';
import type { DocumentRow } from '../../db/repositories/epaks.ts';

interface StoredPage {
  pageNumber: number;
  width: number;
  height: number;
  rotate: number;
}

export function presentPages(pages: unknown[]): StoredPage[] {
  return (pages as StoredPage[]).map((p) => ({
    pageNumber: p.pageNumber,
    width: p.width,
    height: p.height,
    rotate: p.rotate,
  }));
}

export function presentDocument(row: DocumentRow, version: { blobHash: string; size: number }): Document {
  return {
    documentId: row.id,
    name: row.name,
    originalName: row.originalName,
    pageCount: row.pageCount,
    pages: presentPages(row.pages),
    status: row.status,
    kind: row.kind,
    createdOn: row.createdAt.toISOString(),
    ePakId: row.epakId,
    sha256: version.blobHash,
    size: version.size,
  };
}
