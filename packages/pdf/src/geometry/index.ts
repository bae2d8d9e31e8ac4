export * from './page-geometry.ts';
export { documentGeometry, readAllPageGeometry, readPageGeometry } from './read-geometry.ts';
export { NEW_TAG_OVERLAP_TOLERANCE, TAG_OVERLAP_TOLERANCE, tagsOverlap } from './tag-overlap.ts';
