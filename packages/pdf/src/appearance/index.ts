export { AppearanceBuilder, annotationFor, type PlacedAppearance } from './appearance-builder.ts';
export type { Rgb } from './content-builder.ts';
export { displayText, type FilledTag, qrPayload } from './filled-tag.ts';
export { addTagsToUpdate, stampTags, type TagsInUpdate } from './stamp-tags.ts';
export { checkTagImage, LETTERHEAD_MAX_BYTES, TAG_IMAGE_TYPES } from './tag-limits.ts';
