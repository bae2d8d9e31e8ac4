/**
 * Bounds on the work one document may cause, so a hostile or broken file cannot take unbounded
 * memory or time. They are generous for real documents.
 */
export const limits = {
  /** Nesting of arrays and dictionaries inside one object. */
  maxDepth: 256,
  /** `/Prev` and `/XRefStm` sections followed from the last `startxref`. */
  maxXrefSections: 4_096,
  /** Highest object number accepted from a cross-reference section or `/Size`. */
  maxObjectNumber: 8_388_607,
  /**
   * Decoded size of one stream (object streams, xref streams, page content). Real files stay
   * far below it (the corpus's largest is a few MB); a zip bomb is stopped here mid-inflate.
   */
  maxDecodedStream: 128 * 1024 * 1024,
  /**
   * Decoded bytes of one document's structure streams (object and xref streams) and page
   * content streams together, counted while inflating. A 700 KB file can otherwise unpack to
   * gigabytes that every reader, ours and viewers', has to hold or render (issue 17 point 3).
   */
  maxDecodedPerDocument: 256 * 1024 * 1024,
  /** Indirect references followed in one chain (a ref pointing to a ref …). */
  maxRefChain: 32,
  /** Pages in a page tree; deeper trees are refused as cyclic or hostile. */
  maxPageTreeDepth: 64,
  /** Elements in one array or dictionary. */
  maxCollectionSize: 1_000_000,
} as const;
