import type { ssoEn } from './sso.en.ts';

/** Mots de l’authentification unique (fr). */
export const ssoFr: typeof ssoEn = {
  admin: {
    title: 'Authentification unique (OpenID Connect)',
    intro:
      'Les membres peuvent se connecter avec le fournisseur OpenID Connect de votre organisation, en plus de leur mot de passe. Enregistrez Signet chez le fournisseur avec l’URI de redirection ci-dessous, puis saisissez ce que le fournisseur vous donne.',
    loading: 'Chargement de l’authentification unique',
    loadFailed: 'L’authentification unique n’a pas pu être chargée. Veuillez recharger la page.',
    enabled: 'Proposer la connexion avec ce fournisseur',
    enabledHint:
      'Désactivé, la page de connexion n’affiche pas le bouton du fournisseur et personne ne peut l’utiliser.',
    displayName: 'Nom du fournisseur',
    displayNameHint: 'Affiché sur la page de connexion : « Se connecter avec … ».',
    issuer: 'URL de l’émetteur',
    issuerHint: 'L’adresse du fournisseur. Signet y lit ses réglages dans /.well-known/openid-configuration.',
    clientId: 'Identifiant client',
    clientSecret: 'Secret client',
    clientSecretKept: 'Un secret est enregistré. Laissez vide pour le conserver.',
    clientSecretNone: 'Laissez vide pour un client public (PKCE seulement).',
    scopes: 'Portées (scopes)',
    scopesHint: 'Séparées par des espaces ; openid est obligatoire.',
    roleClaim: 'Revendication des rôles',
    roleClaimHint:
      'La revendication qui contient les groupes ou rôles de la personne, par exemple groups. Vide : les rôles ne sont pas associés.',
    mapping: 'Valeurs et rôles',
    mappingHint:
      'À chaque connexion, la première valeur de cette liste présente dans la revendication donne le rôle ; sinon, le rôle par défaut. Le rôle du propriétaire ne change jamais.',
    mappingValue: 'Valeur',
    mappingRole: 'Rôle',
    addMapping: 'Ajouter une valeur',
    removeMapping: 'Retirer la valeur {{value}}',
    noMappings: 'Aucune valeur : les membres gardent leur rôle.',
    defaultRole: 'Rôle par défaut',
    defaultRoleHint:
      'Pour les nouvelles personnes, et pour tous quand la revendication ne contient aucune valeur ci-dessus.',
    justInTime: 'Ajouter les nouvelles personnes à leur première connexion',
    justInTimeHint:
      'Une personne garantie par le fournisseur et sans compte Signet devient membre. Une personne ayant un compte ailleurs doit d’abord être invitée et accepter.',
    allowedDomains: 'Domaines de messagerie autorisés',
    allowedDomainsHint:
      'Seules les adresses de ces domaines peuvent se connecter par le fournisseur. Vide : toutes. Appuyez sur Entrée après chacun.',
    redirectUri: 'URI de redirection à enregistrer chez le fournisseur',
    signInUrl: 'Lien de connexion pour vos membres',
    signInUrlHint: 'La page de connexion ouverte par ce lien propose le bouton du fournisseur.',
    copy: 'Copier',
    copied: 'Copié',
    twoFactorNote:
      'La connexion à deux facteurs s’applique aux mots de passe. Les personnes connectées par le fournisseur sont vérifiées par la connexion du fournisseur.',
    save: 'Enregistrer l’authentification unique',
    saving: 'Vérification du fournisseur…',
    saved: 'Authentification unique enregistrée.',
    invalidDomain: 'Saisissez des domaines comme example.com.',
    needsOpenid: 'Les portées doivent inclure openid.',
    invalidUrl: 'Saisissez une adresse https.',
  },
  login: {
    or: 'ou',
    button: 'Se connecter avec {{name}}',
    signingIn: 'Connexion en cours…',
    failedTitle: 'La connexion n’a pas abouti',
    backToLogin: 'Retour à la connexion',
  },
  link: {
    title: 'Confirmez que c’est vous',
    explain:
      'Signet a déjà un compte pour {{email}}. Pour vous connecter désormais avec {{provider}}, confirmez une fois avec votre mot de passe Signet.',
    password: 'Votre mot de passe Signet',
    confirm: 'Confirmer et se connecter',
  },
  errors: {
    invalidState:
      'Cette connexion n’a pas pu être vérifiée ou a pris trop de temps. Veuillez recommencer depuis la page de connexion.',
    notVerified:
      'Le fournisseur n’a pas donné d’adresse e-mail vérifiée, ou vous devez d’abord accepter une invitation (voir vos e-mails).',
    notMember:
      'Vous n’êtes pas membre de cette organisation par son fournisseur. Demandez à son administrateur de vous inviter.',
    providerUnavailable:
      'Le fournisseur de connexion est injoignable. Vérifiez l’URL de l’émetteur ou réessayez plus tard.',
    providerRefused: 'Le fournisseur ne vous a pas connecté.',
    addressNotAllowed: 'Signet n’a pas le droit d’appeler cette adresse.',
    notSetUp: 'L’authentification unique n’est pas configurée pour cette organisation.',
  },
};
