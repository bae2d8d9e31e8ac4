import type { designPageEn } from './design.en.ts';

/** The design-system page's words (fr). */
export const designPageFr: typeof designPageEn = {
  title: 'Système de design',
  intro:
    'Chaque couleur et chaque composant de Signet, dans chacun de ses états. Cette page est destinée à ceux qui construisent Signet : elle n’est pas dans le menu.',
  language: 'Langue',
  sections: {
    statuses: 'Couleurs des statuts',
    statusesHint:
      'Une couleur par statut, la même dans les badges, les listes, les graphiques, les rapports et la chronologie. Le point près de chaque valeur est la couleur des graphiques.',
    epak: 'Statuts des ePaks',
    signer: 'Statuts des signataires',
    step: 'Statuts des étapes',
    recipients: 'Couleurs des destinataires',
    recipientsHint:
      'Une couleur par destinataire, dans l’ordre du circuit, de l’éditeur de balises à la vue de signature. Un nom s’écrit à côté de sa couleur, jamais dans celle-ci.',
    components: 'Composants',
    pageHeader: 'En-tête de page',
    emptyState: 'État vide',
    flowSteps: 'Étapes',
    flowStepsHint:
      'Où en est un travail en plusieurs étapes. Sur un téléphone, les étapes autres que l’étape en cours sont des numéros.',
    statusBadge: 'Badge de statut',
    recipientSwatch: 'Pastille de destinataire',
    type: 'Typographie',
    spacing: 'Espacements',
    radius: 'Coins',
    icons: 'Icônes',
    timeline: 'Chronologie',
    timelineHint:
      'Ce qui s’est passé, une phrase par événement avec son auteur, dans la couleur de son statut ; il y a combien de temps, avec la date complète au survol.',
  },
  contrast: '{{ratio}}:1 sur blanc',
  recipient: 'Destinataire {{n}}',
  light: 'Badge',
  dot: 'Point',
  unknown: 'Un statut que l’application ne connaît pas',
  sample: {
    timeline1: 'Carlos Custodian a envoyé l’ePak',
    timeline2: 'Sara Signer a signé Offer letter',
    timeline3: 'Sara Signer a refusé l’ePak',
    timeline4: 'L’ePak a expiré',
    timelineReason: 'Les dates ne me conviennent pas.',
    title: 'Contrats',
    description: 'Tout ce qui a été envoyé à la signature ce trimestre.',
    primary: 'Composer',
    secondary: 'Exporter',
    titleOnly: 'Une page sans description ni actions',
    emptyTitle: 'Aucun document pour l’instant',
    emptyText: 'Déposez un PDF ou un fichier Word pour commencer.',
    emptyAction: 'Déposer un document',
    emptyQuiet: 'Rien ne vous attend.',
    compact: 'Compact, dans une carte',
    heading: 'Titre {{n}}',
    body: 'Signez là où la page vous le demande ; le reste est rempli pour vous.',
    size: 'Texte {{size}}',
  },
};
