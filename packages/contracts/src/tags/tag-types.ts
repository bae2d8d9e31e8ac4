/** Tag types, special keys, categories and roles of spec §3. */

export const TagType = [
  'signature',
  'signatureText',
  'userInitial',
  'reason',
  'username',
  'timeStamp',
  'location',
  'userTitle',
  'userUuid',
  'docUuid',
  'attachment',
  'selfSignAttachment',
  'composite',
  'email',
  'reasonFreeText',
  'image',
  'calendar',
  'text',
  'qrcode',
  'letterHead',
  'textArea',
  'singleSelect',
  'multiSelect',
] as const;
export type TagType = (typeof TagType)[number];

export const SpecialTagKey = [
  'rubberStamp',
  'letterHead',
  'signerInitial',
  'userInitialWithTimeStamp',
  'signerTitle',
  'CustodianText',
] as const;

export const TagCategory = ['printed', 'nonPrinted'] as const;
export type TagCategory = (typeof TagCategory)[number];

export const TagRole = ['all', 'custodian', 'signer', 'custodianOrSigner'] as const;
export type TagRole = (typeof TagRole)[number];

export const TagCreateType = ['existing', 'new', 'signer'] as const;

/** Tags whose value the server fills from who signed and when, not the signer. */
export const SYSTEM_FILLED_TYPES: readonly TagType[] = [
  'timeStamp',
  'username',
  'userUuid',
  'docUuid',
  'email',
  'signatureText',
];

/** Default size limits in points when a tag brings none (spec §5: width and height within min and max). */
export const DEFAULT_TAG_LIMITS: Readonly<Record<'signature' | 'other', TagLimits>> = {
  signature: { minWidth: 30, maxWidth: 400, minHeight: 12, maxHeight: 200, minFontSize: 6, maxFontSize: 48 },
  other: { minWidth: 10, maxWidth: 600, minHeight: 8, maxHeight: 800, minFontSize: 6, maxFontSize: 48 },
};

export interface TagLimits {
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
  minFontSize: number;
  maxFontSize: number;
}
