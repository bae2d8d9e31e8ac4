import type { tagEditorEn } from './tag-editor.en.ts';

/** The tag editor's words (hi). */
export const tagEditorHi: typeof tagEditorEn = {
  kinds: {
    signing: 'हस्ताक्षर',
    details: 'हस्ताक्षरकर्ता का विवरण',
    fields: 'फ़ील्ड',
    stamps: 'मुहरें और चिह्न',
  },
  addTag: 'टैग जोड़ें',
  signEach_one: '{{name}} के लिए हस्ताक्षर जोड़ें',
  signEach_many: 'सभी {{count}} हस्ताक्षरकर्ताओं के लिए हस्ताक्षर जोड़ें',
  signEach_other: 'सभी {{count}} हस्ताक्षरकर्ताओं के लिए हस्ताक्षर जोड़ें',
  signaturesPlaced_one: 'पृष्ठ {{page}} के नीचे एक हस्ताक्षर टैग है: उसे सही जगह पर खींचें।',
  signaturesPlaced_many: 'पृष्ठ {{page}} के नीचे {{count}} हस्ताक्षर टैग हैं: हर एक को सही जगह पर खींचें।',
  signaturesPlaced_other: 'पृष्ठ {{page}} के नीचे {{count}} हस्ताक्षर टैग हैं: हर एक को सही जगह पर खींचें।',
  placing: 'लगा रहे हैं: {{type}}',
  stopPlacingType: '{{type}} टैग लगाना बंद करें',
  tagSettings: 'टैग की सेटिंग',
  chooseTagFirst: '“टैग जोड़ें” में एक टैग चुनें, फिर पृष्ठ पर वहाँ टैप करें जहाँ उसे लगाना है।',
};
