import { REPORT_HEADINGS_FR, REPORT_TITLES_FR } from '@signet/contracts';
import type { reportsEn } from './reports.en.ts';

/** Les mots de l’écran des rapports (fr). */
export const reportsFr: typeof reportsEn = {
  title: 'Rapports',
  hint: 'Choisissez un rapport, réglez ses filtres et lancez-le. Exportez tout le résultat en CSV, Excel ou PDF.',
  catalogue: 'Rapports',
  names: REPORT_TITLES_FR,
  notAvailable: 'Pas encore disponible',
  adminOnly: 'Administrateurs seulement',
  filters: {
    from: 'Du',
    to: 'Au',
    period: 'Période',
    periods: { day: 'Jour', week: 'Semaine', month: 'Mois' },
    status: 'Statut',
    policy: 'Politique de signature',
    users: 'Utilisateurs',
    groups: 'Groupes',
    template: 'Modèle de workflow',
    quarter: 'Trimestre (ex. 2026-Q4)',
    tenant: 'Organisation',
    allTenants: 'Toutes les organisations',
    any: 'Tous',
  },
  run: 'Lancer le rapport',
  running: 'Rapport en cours…',
  exporting: 'Préparation du fichier…',
  exportCsv: 'Exporter en CSV',
  exportXlsx: 'Exporter en Excel',
  exportPdf: 'Exporter en PDF',
  rows_one: '{{count}} ligne',
  rows_many: '{{count}} lignes',
  rows_other: '{{count}} lignes',
  truncated: 'Les {{shown}} premières lignes sur {{total}} ; exportez pour les avoir toutes.',
  empty: 'Rien à signaler pour ces filtres.',
  platformWide: 'Sur toutes les organisations de la plateforme.',
  chart: 'Graphique : {{name}}',
  table: 'Résultat : {{name}}',
  shown: 'Lignes {{from}} à {{to}} sur {{total}}',
  pages: 'Pages du résultat',
  page: {
    number: 'Page {{page}}',
    first: 'Première page',
    previous: 'Page précédente',
    next: 'Page suivante',
    last: 'Dernière page',
  },
  columns: REPORT_HEADINGS_FR,
  allSteps: 'ePak entier',
  errors: {
    notAvailable: 'Ce rapport n’est pas encore disponible : aucune donnée de papier timbré.',
    missing: 'Ce rapport n’existe pas.',
    invalid:
      'Ces filtres ne conviennent pas à ce rapport. Vérifiez les dates (la fin ne peut précéder le début).',
    tooManyRows:
      'Le résultat a trop de lignes pour ce format. Affinez les filtres ou exportez en CSV ou Excel.',
    pastQuarter:
      'La liste de conservation couvre ce trimestre et les suivants ; choisissez un trimestre en cours ou à venir.',
    needsAdmin: 'Seul un administrateur peut lancer le rapport de conservation.',
    notAllowed: 'Seuls les administrateurs font des rapports sur d’autres personnes.',
  },
};
