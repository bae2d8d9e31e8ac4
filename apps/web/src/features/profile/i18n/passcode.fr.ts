import type { signingPasscodeEn } from './passcode.en.ts';

/** The signing passcode's words (fr). */
export const signingPasscodeFr: typeof signingPasscodeEn = {
  title: 'Code de signature',
  hint: 'Demandé chaque fois que vous apposez un tampon de l’organisation. De 6 à 12 chiffres.',
  isSet: 'Votre code de signature est défini.',
  notSet: 'Vous n’avez pas encore de code de signature.',
  current: 'Code actuel ou mot de passe du compte',
  passcode: 'Nouveau code',
  confirm: 'Confirmez le nouveau code',
  digits: 'Utilisez de 6 à 12 chiffres',
  differ: 'Les deux codes sont différents',
  set: 'Définir le code',
  change: 'Changer le code',
  saved: 'Code de signature enregistré',
  wrongCurrent: 'Le code actuel ou le mot de passe du compte est erroné',
  locked: 'Trop de codes erronés : les tampons sont bloqués pendant {{minutes}} minutes',
  failed: 'Le code n’a pas pu être enregistré',
  stampPasscode: 'Votre code de signature',
  stampHint: 'Saisissez votre code, puis choisissez le tampon.',
  wrong: 'Le code de signature est erroné',
  clear: 'Effacer le code de signature',
  clearConfirm:
    'Effacer le code de signature de {{name}} ? Il ne pourra plus apposer de tampon avant d’en définir un nouveau.',
  cleared: 'Code de signature effacé',
};
