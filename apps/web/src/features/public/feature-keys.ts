/** The product's features (spec §1), each with a translated line under `features.items`. */
export const FEATURE_KEYS = [
  'statistics',
  'inbox',
  'compose',
  'templates',
  'teamRooms',
  'compare',
  'reports',
  'stampPapers',
  'administration',
  'languages',
] as const;
