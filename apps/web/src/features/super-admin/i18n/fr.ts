import type { superAdminEn } from './en.ts';

/** The super admin's console words (fr). Merged into the app's messages in app/i18n/locales/fr.ts. */
export const superAdminFr: typeof superAdminEn = {
  title: 'Administration de la plateforme',
  intro:
    'Les organisations (tenants) de cette installation, les super administrateurs et les réglages de la plateforme.',
  loadFailed: 'La liste n’a pas pu être chargée.',
  tenants: {
    title: 'Organisations',
    create: 'Créer une organisation',
    createTitle: 'Nouvelle organisation',
    name: 'Nom de l’organisation',
    nameTooShort: 'Veuillez donner un nom d’au moins 2 caractères.',
    ownerEmail: 'E-mail du propriétaire',
    ownerFirstName: 'Prénom du propriétaire',
    ownerLastName: 'Nom du propriétaire',
    ownerHint:
      'Le propriétaire est invité par e-mail, dans la langue de cette page, et devient l’utilisateur root de l’organisation. Une personne qui a déjà un compte ne la rejoint qu’après avoir accepté l’invitation.',
    created: '« {{name}} » a été créée et son propriétaire invité.',
    status: 'Statut',
    statuses: { active: 'Active', disabled: 'Désactivée' },
    users: 'Membres',
    createdOn: 'Créée le',
    licenceEnd: 'Fin de licence',
    licenceHint:
      'L’organisation fonctionne jusqu’à la fin de ce jour (UTC) ; ensuite, ses membres sont refusés. Laissez vide pour aucune fin.',
    licenceEnded: 'Terminée',
    noLicenceEnd: 'Aucune fin',
    actions: 'Actions',
    actionsOf: 'Actions pour {{name}}',
    none: 'Aucune organisation pour l’instant',
    noneText: 'Créez la première organisation ; son propriétaire est invité par e-mail.',
    edit: 'Modifier',
    editLabel: 'Modifier {{name}}',
    editTitle: 'Modifier « {{name}} »',
    extendYear: 'Prolonger d’un an',
    noEnd: 'Aucune fin',
    disable: 'Désactiver',
    enable: 'Activer',
    disableLabel: 'Désactiver {{name}}',
    enableLabel: 'Activer {{name}}',
    disableConfirm:
      'Désactiver « {{name}} » ? Ses membres ne pourront plus se connecter ni travailler tant qu’elle n’est pas réactivée.',
    enableConfirm: 'Réactiver « {{name}} » ? Ses membres pourront de nouveau se connecter et travailler.',
    disabled: 'L’organisation a été désactivée.',
    enabled: 'L’organisation a été activée.',
  },
  admins: {
    title: 'Super administrateurs',
    register: 'Enregistrer un super administrateur',
    registerTitle: 'Nouveau super administrateur',
    registerHint:
      'La personne reçoit un e-mail ; sans mot de passe, elle en choisit un depuis le lien qu’il contient.',
    registered: '{{email}} est désormais super administrateur.',
    name: 'Nom',
    email: 'E-mail',
    firstName: 'Prénom',
    lastName: 'Nom',
    enabledColumn: 'Activé',
    enableLabel: 'Activé : {{email}}',
    you: '(vous)',
    enabled: 'Le super administrateur a été activé.',
    disabled: 'Le super administrateur a été désactivé.',
  },
  platform: {
    title: 'Réglages de la plateforme',
    signup: 'Tout le monde peut s’inscrire et créer une organisation',
    signupHint:
      'Affiché comme « S’inscrire » sur la page de connexion. Tant que vous ne le changez pas ici, le réglage propre à l’installation décide.',
    licenseDays: 'Licence d’une nouvelle organisation, en jours',
    licenseDaysHint:
      'Comptée à partir du jour de sa création ou de son inscription. Laisser vide : sans fin.',
    custodianLimit: 'Dépositaires qu’une nouvelle organisation peut avoir',
    custodianLimitHint: 'Laisser vide : sans limite. Les organisations existantes gardent leurs conditions.',
    saved: 'Réglages de la plateforme enregistrés.',
  },
};
