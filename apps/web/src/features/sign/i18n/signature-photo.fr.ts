/** The signature dialog's "Upload a photo" words (fr). Merged into the app's messages in app/i18n/locales/fr.ts. */
export const signaturePhotoFr = {
  button: 'Importer une photo',
  hint: 'Photographiez votre signature à l’encre foncée sur papier uni ; le papier et les ombres sont retirés.',
  inkColour: 'Couleur de l’encre',
  blue: 'Bleu',
  black: 'Noir',
  cleaning: 'Nettoyage de la photo…',
  cleaned: 'Photo nettoyée : seule l’encre est conservée.',
  failed:
    'Cette photo n’a pas pu être nettoyée. Photographiez une encre foncée sur papier uni, sous une lumière égale, puis réessayez.',
};
