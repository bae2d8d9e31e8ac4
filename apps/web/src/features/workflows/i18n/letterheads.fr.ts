import type { letterheadsEn } from './letterheads.en.ts';

/** The letterheads tab's words (fr). */
export const letterheadsFr: typeof letterheadsEn = {
  tab: 'En-têtes',
  hint: 'Images d’en-tête pour la balise en-tête : un jpg/png/jpeg à la fois, au plus {{maxKb}} Ko.',
  upload: 'Téléverser un en-tête',
  none: 'Aucun en-tête pour l’instant.',
  loading: 'Chargement des en-têtes…',
  uploaded: 'En-tête téléversé : {{name}}',
  deleted: 'En-tête supprimé.',
  delete: 'Supprimer',
  deleteOf: 'Supprimer {{name}}',
  deleteConfirm: 'Supprimer l’en-tête « {{name}} » ? Les documents déjà signés le gardent.',
  preview: 'En-tête {{name}}',
  size: '{{kb}} Ko',
  choose: 'En-tête',
  choosePlaceholder: 'Choisir un en-tête',
};
