import type { DocumentRevision } from '@signet/contracts';

/** A revision's name in the pickers: before the signatures, after signature n, or as it is now. */
export function revisionLabel(
  t: (k: string, o?: Record<string, unknown>) => string,
  r: DocumentRevision,
): string {
  return r.kind === 'afterSignature'
    ? t('compare.revision.afterSignature', { n: r.signature })
    : t(`compare.revision.${r.kind}`);
}
