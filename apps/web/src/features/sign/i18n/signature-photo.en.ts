/** The signature dialog's "Upload a photo" words (en). Merged into the app's messages in app/i18n/locales/en.ts. */
export const signaturePhotoEn = {
  button: 'Upload a photo',
  hint: 'Photograph your signature in dark ink on plain paper; the paper and shadows are removed.',
  inkColour: 'Ink colour',
  blue: 'Blue',
  black: 'Black',
  cleaning: 'Cleaning the photo…',
  cleaned: 'Photo cleaned: only the ink is kept.',
  failed:
    'This photo could not be cleaned. Photograph dark ink on plain paper, in even light, and try again.',
};
