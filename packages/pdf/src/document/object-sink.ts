import type { PdfObject, PdfRef } from '../core/objects.ts';

/**
 * Where new indirect objects go. The core stream's incremental update and our full writer both
 * implement it, so appearance and font code never knows which kind of file it writes into.
 */
export interface ObjectSink {
  add(obj: PdfObject): PdfRef;
}
