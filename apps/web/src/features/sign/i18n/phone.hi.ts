/** The signing view's words on a phone (hi). Merged into the app's messages in app/i18n/locales/hi.ts. */
export const signPhoneHi = {
  nextUp: 'अगला: {{field}}',
  allDone: 'सभी आवश्यक फ़ील्ड भर दिए गए हैं। अब आप हस्ताक्षर कर सकते हैं।',
  nothingToFill: 'भरने के लिए कुछ नहीं है। दस्तावेज़ पढ़ें, फिर आगे बढ़ें।',
  next: 'अगला फ़ील्ड',
  more: 'और कार्रवाइयाँ',
  sheetTitle: 'कार्रवाइयाँ',
  document: 'दस्तावेज़',
  landscapeHint: 'अधिक जगह के लिए अपना फ़ोन आड़ा करें।',
  letters: 'अक्षर लिखें',
  digits: 'अंक लिखें',
};
