/** The tag editor's words of issue 31's rework (the palette's groups, the phone's sheets), loaded with the editor (`lazyWords`). */
export const tagEditorEn = {
  kinds: {
    signing: 'Signing',
    details: 'Signer details',
    fields: 'Fields',
    stamps: 'Stamps and marks',
  },
  addTag: 'Add a tag',
  signEach_one: 'Add a signature for {{name}}',
  signEach_many: 'Add a signature for each of the {{count}} signers',
  signEach_other: 'Add a signature for each of the {{count}} signers',
  signaturesPlaced_one: 'A signature tag is at the foot of page {{page}}: drag it where it goes.',
  signaturesPlaced_many:
    '{{count}} signature tags are at the foot of page {{page}}: drag each where it goes.',
  signaturesPlaced_other:
    '{{count}} signature tags are at the foot of page {{page}}: drag each where it goes.',
  placing: 'Placing: {{type}}',
  stopPlacingType: 'Stop placing the {{type}} tag',
  tagSettings: 'Tag settings',
  chooseTagFirst: 'Choose a tag under “Add a tag”, then tap the page where it goes.',
};
