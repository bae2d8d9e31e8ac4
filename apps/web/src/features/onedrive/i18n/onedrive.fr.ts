import type { onedriveEn } from './onedrive.en.ts';

/** "From OneDrive" words (fr). */
export const onedriveFr: typeof onedriveEn = {
  fromOneDrive: 'Depuis OneDrive',
  signingIn: 'Connexion à Microsoft…',
  pickerTitle: 'Choisir des fichiers dans OneDrive',
  fetching: 'Récupération depuis OneDrive…',
  waiting: 'En attente…',
  progressLabel: '{{name}} depuis OneDrive',
  signInFailed: 'La connexion Microsoft n’a pas abouti. Réessayez.',
  popupBlocked:
    'Le navigateur a bloqué la fenêtre de connexion Microsoft. Autorisez les fenêtres surgissantes pour ce site et réessayez.',
  errors: {
    expired:
      'Votre connexion Microsoft a expiré. Choisissez à nouveau « Depuis OneDrive » pour vous reconnecter.',
    throttled: 'OneDrive est occupé. Réessayez dans {{seconds}} secondes.',
    tooLarge: 'Ce fichier dépasse la taille permise pour un envoi (100 Mo).',
    missing: 'Ce fichier n’existe plus dans OneDrive ou ne vous est pas partagé.',
    notSetUp: 'OneDrive n’est pas configuré pour votre organisation.',
    unreachable: 'OneDrive est injoignable. Réessayez plus tard.',
  },
  admin: {
    title: 'OneDrive',
    hint: 'Permettez aux membres d’ajouter des fichiers OneDrive lors de la composition. Inscrivez une application dans Microsoft Entra ID (application monopage, URI de redirection ci-dessous, autorisation déléguée Files.Read.All) et saisissez ses informations.',
    enabled: 'Proposer « Depuis OneDrive » lors de la composition',
    clientId: 'ID d’application (client)',
    clientIdHint: 'Sur la page de présentation de l’inscription d’application.',
    authority: 'Locataire Microsoft',
    authorityHint:
      'L’ID ou le domaine de votre annuaire (locataire), ou « common » pour accepter tout compte Microsoft.',
    redirectUri: 'URI de redirection à inscrire : {{uri}}',
    save: 'Enregistrer',
    saved: 'Paramètres OneDrive enregistrés.',
  },
};
