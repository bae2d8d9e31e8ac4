import type { tagEditorEn } from './tag-editor.en.ts';

/** The tag editor's words (fr). */
export const tagEditorFr: typeof tagEditorEn = {
  kinds: {
    signing: 'Signature',
    details: 'Informations du signataire',
    fields: 'Champs',
    stamps: 'Tampons et marques',
  },
  addTag: 'Ajouter un champ',
  signEach_one: 'Ajouter une signature pour {{name}}',
  signEach_many: 'Ajouter une signature pour chacun des {{count}} signataires',
  signEach_other: 'Ajouter une signature pour chacun des {{count}} signataires',
  signaturesPlaced_one:
    'Un champ de signature est au bas de la page {{page}} : faites-le glisser à sa place.',
  signaturesPlaced_many:
    '{{count}} champs de signature sont au bas de la page {{page}} : faites glisser chacun à sa place.',
  signaturesPlaced_other:
    '{{count}} champs de signature sont au bas de la page {{page}} : faites glisser chacun à sa place.',
  placing: 'Placement : {{type}}',
  stopPlacingType: 'Arrêter de placer le champ {{type}}',
  tagSettings: 'Réglages du champ',
  chooseTagFirst: 'Choisissez un champ sous « Ajouter un champ », puis touchez la page à l’endroit voulu.',
};
