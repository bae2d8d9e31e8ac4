import type { EditorTag } from './tag-editor-state.ts';

/** The key of the recipient a tag belongs to (its step and email), as an `EditorRecipient.key`. */
export function ownerKey(tag: Pick<EditorTag, 'wfsOrderId' | 'userEmail'>): string {
  return `${tag.wfsOrderId}:${tag.userEmail}`;
}

/** The signers (by `signerKeys`) who have no signature tag on any document yet, in the recipients' order. */
export function unsignedSigners<R extends { key: string }>(
  recipients: readonly R[],
  signerKeys: readonly string[],
  tags: Record<string, readonly EditorTag[]>,
): R[] {
  return recipients.filter(
    (r) =>
      signerKeys.includes(r.key) &&
      !Object.values(tags).some((list) =>
        list.some((tag) => tag.entry === 'signature' && ownerKey(tag) === r.key),
      ),
  );
}
