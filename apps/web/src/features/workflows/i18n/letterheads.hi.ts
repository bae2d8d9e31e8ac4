import type { letterheadsEn } from './letterheads.en.ts';

/** The letterheads tab's words (hi). */
export const letterheadsHi: typeof letterheadsEn = {
  tab: 'लेटरहेड',
  hint: 'लेटरहेड टैग के लिए लेटरहेड छवियाँ: एक बार में एक jpg/png/jpeg, अधिकतम {{maxKb}} KB।',
  upload: 'लेटरहेड अपलोड करें',
  none: 'अभी कोई लेटरहेड नहीं।',
  loading: 'लेटरहेड लोड हो रहे हैं…',
  uploaded: 'लेटरहेड अपलोड हुआ: {{name}}',
  deleted: 'लेटरहेड हटाया गया।',
  delete: 'हटाएँ',
  deleteOf: '{{name}} हटाएँ',
  deleteConfirm: 'लेटरहेड “{{name}}” हटाएँ? पहले से हस्ताक्षरित दस्तावेज़ों में यह रहेगा।',
  preview: 'लेटरहेड {{name}}',
  size: '{{kb}} KB',
  choose: 'लेटरहेड',
  choosePlaceholder: 'लेटरहेड चुनें',
};
