import type { aadhaarEn } from './aadhaar.en.ts';

/** Les mots d’Aadhaar eSign, COSIGN et TRANSSPED (fr). */
export const aadhaarFr: typeof aadhaarEn = {
  title: 'Signature Aadhaar eSign',
  checking: 'Vérification de votre signature…',
  signed: 'Votre document est signé avec Aadhaar eSign.',
  completed: 'Tout le monde a signé : le dossier est terminé.',
  nextSigner: 'Le dossier passe au signataire suivant.',
  moreDocuments: 'Il vous reste des documents à signer dans ce dossier.',
  pending: 'Le service eSign n’a pas répondu. Si vous avez fermé sa page, signez à nouveau.',
  noTransaction: 'Aucune signature Aadhaar eSign à afficher. Ouvrez votre dossier depuis le tableau de bord.',
  backToEpak: 'Revenir au dossier',
  toDashboard: 'Aller au tableau de bord',
  signAgain: 'Signer à nouveau',
  cosign: {
    title: 'Signer avec COSIGN',
    hint: 'Votre compte auprès du service de signature COSIGN.',
    username: 'Nom d’utilisateur',
    password: 'Mot de passe',
    otp: 'Code à usage unique (si envoyé)',
  },
  transsped: {
    title: 'Signer avec TRANSSPED',
    choose: 'Certificat qui signe',
    details: 'Émis par {{issuer}}, valable jusqu’au {{until}}',
  },
  errors: {
    wrongOtp: 'Le code à usage unique était faux. Rien n’a été signé.',
    expired: 'La signature eSign a expiré. Rien n’a été signé.',
    unknown: 'Cette signature eSign est inconnue ou déjà terminée.',
    cancelled: 'Vous avez annulé auprès du service eSign. Rien n’a été signé.',
    blocked: 'Votre authentification Aadhaar est bloquée (402/403).',
    noCertificate: 'Aucun certificat n’a pu vous être délivré (422/501).',
    inProcess: 'Une demande précédente est encore en cours (504). Réessayez bientôt.',
    timeout: 'Le service eSign n’a pas répondu à temps (911).',
    failed: 'Le service eSign n’a pas pu signer (900). Réessayez plus tard.',
  },
};
