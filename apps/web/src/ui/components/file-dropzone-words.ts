import { lazyWords } from '../../app/i18n/lazy-words.ts';

/** The dropzone's own words, the same wherever a file is chosen; they load with it (`lazyWords`). */
export const fileDropzoneEn = {
  dropHere: 'Drop a file here, or',
  pick: 'Choose a file',
  pickAnother: 'Choose another file',
  remove: 'Remove {{name}}',
  rejected: 'That file cannot be used here: look at the types and the size allowed.',
  chosen: 'Chosen file',
  images: 'A PNG or JPEG image, up to {{size}}.',
  csv: 'A CSV file (.csv), its first line the header.',
};

export const fileDropzoneHi: typeof fileDropzoneEn = {
  dropHere: 'फ़ाइल यहाँ छोड़ें, या',
  pick: 'फ़ाइल चुनें',
  pickAnother: 'दूसरी फ़ाइल चुनें',
  remove: '{{name}} हटाएँ',
  rejected: 'यह फ़ाइल यहाँ नहीं चल सकती: अनुमत प्रकार और आकार देखें।',
  chosen: 'चुनी गई फ़ाइल',
  images: 'PNG या JPEG छवि, अधिकतम {{size}}।',
  csv: 'एक CSV फ़ाइल (.csv), जिसकी पहली पंक्ति हेडर हो।',
};

export const fileDropzoneFr: typeof fileDropzoneEn = {
  dropHere: 'Déposez un fichier ici, ou',
  pick: 'Choisir un fichier',
  pickAnother: 'Choisir un autre fichier',
  remove: 'Retirer {{name}}',
  rejected: 'Ce fichier ne convient pas ici : voyez les types et la taille acceptés.',
  chosen: 'Fichier choisi',
  images: 'Une image PNG ou JPEG, jusqu’à {{size}}.',
  csv: 'Un fichier CSV (.csv), l’en-tête sur sa première ligne.',
};

export const useFileDropzoneWords = lazyWords('fileDropzone', fileDropzoneEn, {
  hi: async () => fileDropzoneHi,
  fr: async () => fileDropzoneFr,
});
