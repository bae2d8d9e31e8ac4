/** The letterheads tab's words (en). Merged into the app's messages in app/i18n/locales/en.ts. */
export const letterheadsEn = {
  tab: 'Letterheads',
  hint: 'Letterhead images for the letterhead tag: one jpg/png/jpeg at a time, at most {{maxKb}} KB.',
  upload: 'Upload letterhead',
  none: 'No letterheads yet.',
  loading: 'Loading letterheads…',
  uploaded: 'Letterhead uploaded: {{name}}',
  deleted: 'Letterhead deleted.',
  delete: 'Delete',
  deleteOf: 'Delete {{name}}',
  deleteConfirm: 'Delete the letterhead “{{name}}”? Documents already signed keep it.',
  preview: 'Letterhead {{name}}',
  size: '{{kb}} KB',
  choose: 'Letterhead',
  choosePlaceholder: 'Choose a letterhead',
};
