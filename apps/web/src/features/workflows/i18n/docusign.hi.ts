import type { docusignEn } from './docusign.en.ts';

/** "DocuSign से आयात करें" संवाद के शब्द (hi)। */
export const docusignHi: typeof docusignEn = {
  open: 'DocuSign से आयात करें',
  title: 'DocuSign टेम्पलेट आयात करें',
  hint: 'वह JSON फ़ाइल चुनें जो DocuSign किसी टेम्पलेट पर "Download" से देता है। कुछ भी सहेजने से पहले आप देखेंगे कि क्या बनेगा।',
  notJson: 'यह फ़ाइल DocuSign टेम्पलेट का निर्यात (JSON) नहीं है।',
  reading: 'टेम्पलेट पढ़ा जा रहा है…',
  willCreate: 'यह बनाएगा',
  documentTemplate: 'दस्तावेज़ टेम्पलेट “{{name}}”',
  documents_one: '{{name}}: {{count}} पृष्ठ',
  documents_many: '{{name}}: {{count}} पृष्ठ',
  documents_other: '{{name}}: {{count}} पृष्ठ',
  steps: 'वर्कफ़्लो चरण (भूमिकाएँ रचना के समय भरी जाती हैं)',
  step: 'चरण {{n}} · {{type}}: {{roles}}',
  tags: 'टैग',
  tagCount: '{{type}}: {{count}}',
  unmapped: 'जिन्हें मैप नहीं किया जा सका ({{count}})',
  allMapped: 'टेम्पलेट का सब कुछ मैप हो गया।',
  import: 'आयात करें',
  cancel: 'रद्द करें',
  imported: 'आयात हो गया। दस्तावेज़ टेम्पलेट और उसका वर्कफ़्लो आपकी सूचियों में हैं।',
};
