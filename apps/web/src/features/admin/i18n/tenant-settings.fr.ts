/** The tenant-settings tab's words (fr). Merged into the app's messages in app/i18n/locales/fr.ts. */
export const tenantSettingsFr = {
  intro: 'Réglages pour toute l’organisation. Chaque section s’enregistre séparément.',
  loading: 'Chargement des réglages',
  loadFailed: 'Les réglages n’ont pas pu être chargés. Veuillez recharger la page.',
  saved: 'Réglages enregistrés.',
  save: 'Enregistrer : {{section}}',
  signIn: {
    title: 'Connexion et mots de passe',
    hint: 'Comment les membres se connectent et à quoi leurs mots de passe doivent ressembler.',
    twoFactor: 'Connexion à deux facteurs',
    twoFactorHint:
      'Après le mot de passe, les membres saisissent aussi un code à usage unique reçu par e-mail.',
    minLength: 'Longueur minimale',
    minLengthHint: 'Mot de passe le plus court accepté (6 à 128 caractères).',
    maxLength: 'Longueur maximale',
    maxLengthHint: 'Mot de passe le plus long accepté.',
    expiryDays: 'Expiration du mot de passe (jours)',
    expiryDaysHint:
      'Les membres doivent choisir un nouveau mot de passe après ce nombre de jours ; 0 signifie jamais.',
    lockoutThreshold: 'Échecs avant délais',
    lockoutThresholdHint:
      'Mots de passe erronés de suite admis avant que chaque nouvel essai doive attendre.',
    lockoutMinutes: 'Délai le plus long (minutes)',
    lockoutMinutesHint:
      'L’attente double à chaque échec jusqu’à cette durée ; une réinitialisation y met fin.',
    maxBelowMin: 'La longueur maximale ne doit pas être inférieure à la longueur minimale.',
    classNames: {
      requireUppercase: 'une majuscule',
      requireLowercase: 'une minuscule',
      requireDigit: 'un chiffre',
      requireSpecial: 'un caractère spécial',
    },
    noClasses: 'aucun type de caractère particulier',
    policyEffect: 'Les mots de passe comptent de {{min}} à {{max}} caractères et contiennent {{classes}}.',
    expiryEffect: 'Ils expirent après {{days}} jours.',
    noExpiryEffect: 'Ils n’expirent jamais.',
    lockoutEffect:
      'Après {{failures}} mots de passe erronés de suite, chaque nouvel essai attend plus longtemps, jusqu’à {{minutes}} minutes.',
    languages: 'Langues proposées',
    languagesHint: 'Les langues que les membres peuvent choisir dans le menu des langues.',
    languagesRequired: 'Proposez au moins une langue.',
  },
  recipients: {
    title: 'Destinataires',
    hint: 'Qui les dépositaires peuvent ajouter comme signataires et relecteurs. La composition refuse toute personne exclue par ces règles.',
    internalDomains: 'Domaines e-mail internes',
    internalDomainsHint:
      'Les adresses de ces domaines comptent comme votre organisation, séparées par des virgules.',
    badDomain: 'Veuillez saisir des domaines comme example.com, séparés par des virgules.',
    internalOnly: 'Destinataires internes uniquement',
    internalOnlyHint:
      'Seules les adresses des domaines internes peuvent être ajoutées (sans effet sans domaine).',
    verifiedOnly: 'Membres vérifiés uniquement',
    verifiedOnlyHint: 'Seuls les membres ayant confirmé leur adresse e-mail peuvent être ajoutés.',
    skipNewUsers: 'Aucune nouvelle personne',
    skipNewUsersHint:
      'Seules les personnes déjà dans l’organisation peuvent être ajoutées ; la composition n’invite personne.',
    allowedRoles: 'Rôles autorisés',
    allowedRolesHint:
      'Seuls les membres ayant un des rôles cochés peuvent être ajoutés ; aucun coché autorise tous les rôles.',
    noRules: 'Tout le monde peut être ajouté comme destinataire.',
    internalOnlyEffect: 'Seules les adresses de {{domains}} peuvent être ajoutées.',
    internalOnlyNoDomains: '« Internes uniquement » est sans effet tant qu’aucun domaine n’est saisi.',
    verifiedOnlyEffect: 'Les membres dont l’e-mail n’est pas confirmé sont refusés.',
    skipNewUsersEffect: 'Les personnes qui ne sont pas encore dans l’organisation sont refusées.',
    allowedRolesEffect: 'Seuls ces rôles peuvent être ajoutés : {{roles}}.',
  },
  features: {
    title: 'Fonctionnalités',
    hint: 'Les parties facultatives de Signet que voient les membres. En désactiver une masque ses entrées de menu.',
    flags: {
      teamRoom: 'Salles d’équipe',
      teamRoomHint: 'Dossiers partagés où une équipe regroupe ses dossiers de signature.',
      compare: 'Comparer des documents',
      compareHint: 'Affiche les différences entre deux versions d’un document.',
      stampPaper: 'Papiers timbrés',
      stampPaperHint: 'Les membres gèrent et utilisent des papiers timbrés électroniques.',
      webForm: 'Formulaires web',
      webFormHint: 'Des formulaires remplis sur le web pour lancer un dossier.',
      rubberStamp: 'Tampons',
      rubberStampHint: 'Les membres apposent l’image du tampon de l’organisation sur les documents.',
      features: 'Page des fonctionnalités',
      featuresHint: 'Une page qui présente ce que Signet sait faire.',
      bulkCompose: 'Composition en masse',
      bulkComposeHint: 'Lance de nombreux dossiers à la fois depuis un tableur, dans le menu Composer.',
      advancedAdminSettings: 'Menu d’administration avancé',
      advancedAdminSettingsHint:
        'Affiche les entrées avancées du menu d’administration (motifs, états du circuit, etc.).',
    },
  },
  documents: {
    title: 'Documents',
    hint: 'Comment les documents et les dates sont présentés aux membres.',
    archivalPeriod: 'Durée d’archivage par défaut (jours)',
    archivalPeriodHint:
      'Les dossiers terminés sans durée propre sont archivés ce nombre de jours après leur achèvement ; laissez vide pour jamais.',
    archivalEffect:
      'Les dossiers terminés sont archivés {{days}} jours après leur achèvement, puis conservés 30 jours pour téléchargement avant d’être supprimés.',
    noArchivalEffect:
      'Les dossiers terminés sont conservés tant que leur propriétaire ne fixe pas de durée d’archivage.',
    dateFormat: 'Format de date',
    dateFormatHint: 'Utilisé pour les membres qui n’ont pas choisi de format dans leur profil.',
    dateEffect: 'Aujourd’hui s’affiche ainsi : {{example}}.',
  },
  announcement: {
    title: 'Annonce',
    hint: 'Une bannière que chaque membre voit sur le tableau de bord entre les dates choisies.',
    text: 'Message',
    textHint: 'Jusqu’à 500 caractères, par exemple une maintenance prévue.',
    startDate: 'Premier jour',
    startDateHint: 'La bannière apparaît au début de ce jour.',
    endDate: 'Dernier jour',
    endDateHint: 'La bannière disparaît à la fin de ce jour.',
    endBeforeStart: 'Le dernier jour ne doit pas précéder le premier.',
    noneEffect:
      'Aucune bannière n’est affichée. Écrivez un message et choisissez ses jours pour en afficher une.',
    showingEffect:
      'Une fois enregistrée, les membres voient dès maintenant cette bannière sur le tableau de bord :',
    laterEffect: 'Une fois enregistrée, les membres voient cette bannière à partir du premier jour :',
    overEffect: 'Ces jours sont passés, les membres ne verront donc pas cette bannière :',
    remove: 'Retirer l’annonce',
  },
};
