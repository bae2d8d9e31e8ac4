import { lazyWords } from '../../app/i18n/lazy-words.ts';

/** The dropzone's own words, the same wherever a file is chosen; they load with it (`lazyWords`). */
export const fileDropzoneEn = {
  choose: 'Drop a file here, or click to choose one',
  replace: 'Drop another file here, or click to choose another',
  remove: 'Remove {{name}}',
  rejected: 'That file cannot be used here: look at the types and the size allowed.',
  chosen: 'Chosen file',
  images: 'A PNG or JPEG image, up to {{size}}.',
};

export const fileDropzoneHi: typeof fileDropzoneEn = {
  choose: 'फ़ाइल यहाँ छोड़ें, या चुनने के लिए क्लिक करें',
  replace: 'दूसरी फ़ाइल यहाँ छोड़ें, या दूसरी चुनने के लिए क्लिक करें',
  remove: '{{name}} हटाएँ',
  rejected: 'यह फ़ाइल यहाँ नहीं चल सकती: अनुमत प्रकार और आकार देखें।',
  chosen: 'चुनी गई फ़ाइल',
  images: 'PNG या JPEG छवि, अधिकतम {{size}}।',
};

export const fileDropzoneFr: typeof fileDropzoneEn = {
  choose: 'Déposez un fichier ici, ou cliquez pour en choisir un',
  replace: 'Déposez un autre fichier ici, ou cliquez pour en choisir un autre',
  remove: 'Retirer {{name}}',
  rejected: 'Ce fichier ne convient pas ici : voyez les types et la taille acceptés.',
  chosen: 'Fichier choisi',
  images: 'Une image PNG ou JPEG, jusqu’à {{size}}.',
};

export const useFileDropzoneWords = lazyWords('fileDropzone', fileDropzoneEn, {
  hi: async () => fileDropzoneHi,
  fr: async () => fileDropzoneFr,
});
