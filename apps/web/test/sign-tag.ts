import type { Tag } from '@signet/contracts';

/** A signer's tag as the signing view receives it: page 1, not done, required; `extra` overrides. */
export function signTag(uuid: string, type: Tag['type'], extra: Partial<Tag> = {}): Tag {
  return {
    uuid,
    tagId: uuid,
    key: type,
    type,
    name: type,
    label: '',
    category: 'printed',
    tagFor: 'signer',
    createType: 'new',
    pageNumber: 1,
    positionX: 10,
    positionY: 10,
    blockWidth: 100,
    blockHeight: 30,
    readOnly: false,
    status: 'notdone',
    required: true,
    disabled: false,
    userUuid: 'u1',
    recipientId: 'r1',
    documentId: 'd1',
    ...extra,
  } as Tag;
}
