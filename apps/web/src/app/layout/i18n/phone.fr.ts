import type { phoneEn } from './phone.en.ts';

export const phoneFr: typeof phoneEn = {
  openMenu: 'Menu',
  account: 'Compte',
  folder: 'Dossier',
  statistics: 'Statistiques',
  showStatistics: 'Afficher les statistiques',
  hideStatistics: 'Masquer les statistiques',
  due: 'Échéance le {{date}}',
  noDueDate: 'Sans échéance',
  open: 'Ouvrir',
};
