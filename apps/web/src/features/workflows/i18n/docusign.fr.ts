import type { docusignEn } from './docusign.en.ts';

/** Les mots de la fenêtre « Importer depuis DocuSign » (fr). */
export const docusignFr: typeof docusignEn = {
  open: 'Importer depuis DocuSign',
  title: 'Importer un modèle DocuSign',
  hint: 'Choisissez le fichier JSON que DocuSign fournit avec « Télécharger » sur un modèle. Vous voyez ce qui sera créé avant tout enregistrement.',
  notJson: 'Ce fichier n’est pas un export de modèle DocuSign (JSON).',
  reading: 'Lecture du modèle…',
  willCreate: 'Ceci créera',
  documentTemplate: 'Modèle de document « {{name}} »',
  documents_one: '{{name}} : {{count}} page',
  documents_many: '{{name}} : {{count}} pages',
  documents_other: '{{name}} : {{count}} pages',
  steps: 'Étapes du circuit (les rôles sont attribués à la composition)',
  step: 'Étape {{n}} · {{type}} : {{roles}}',
  tags: 'Balises',
  tagCount: '{{type}} : {{count}}',
  unmapped: 'Non repris ({{count}})',
  allMapped: 'Tout le modèle a pu être repris.',
  import: 'Importer',
  cancel: 'Annuler',
  imported: 'Importé. Le modèle de document et son circuit figurent dans vos listes.',
};
