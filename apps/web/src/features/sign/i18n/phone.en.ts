/** The signing view's words on a phone (en). Merged into the app's messages in app/i18n/locales/en.ts. */
export const signPhoneEn = {
  nextUp: 'Next: {{field}}',
  allDone: 'All required fields are filled. You can sign now.',
  nothingToFill: 'Nothing to fill in. Read the document, then go on.',
  next: 'Next field',
  more: 'More actions',
  sheetTitle: 'Actions',
  document: 'Document',
  landscapeHint: 'Turn your phone sideways for more room.',
  letters: 'Type letters',
  digits: 'Type digits',
};
