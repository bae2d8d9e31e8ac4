/** The signature dialog's "Upload a photo" words (hi). Merged into the app's messages in app/i18n/locales/hi.ts. */
export const signaturePhotoHi = {
  button: 'फ़ोटो अपलोड करें',
  hint: 'सादे कागज़ पर गहरी स्याही से किए अपने हस्ताक्षर की फ़ोटो लें; कागज़ और परछाइयाँ हटा दी जाती हैं।',
  inkColour: 'स्याही का रंग',
  blue: 'नीला',
  black: 'काला',
  cleaning: 'फ़ोटो साफ़ की जा रही है…',
  cleaned: 'फ़ोटो साफ़ हो गई: केवल स्याही रखी गई है।',
  failed: 'यह फ़ोटो साफ़ नहीं की जा सकी। सादे कागज़ पर गहरी स्याही की फ़ोटो समान रोशनी में लें और फिर से प्रयास करें।',
};
