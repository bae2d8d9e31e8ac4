/** The signing view's words on a phone (fr). Merged into the app's messages in app/i18n/locales/fr.ts. */
export const signPhoneFr = {
  nextUp: 'Ensuite : {{field}}',
  allDone: 'Tous les champs obligatoires sont remplis. Vous pouvez signer.',
  nothingToFill: 'Rien à remplir. Lisez le document, puis continuez.',
  next: 'Champ suivant',
  more: 'Autres actions',
  sheetTitle: 'Actions',
  document: 'Document',
  landscapeHint: 'Tournez votre téléphone à l’horizontale pour avoir plus de place.',
  letters: 'Saisir des lettres',
  digits: 'Saisir des chiffres',
};
