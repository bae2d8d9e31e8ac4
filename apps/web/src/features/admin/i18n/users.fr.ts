/** The users tab's words (fr). Merged into the app's messages in app/i18n/locales/fr.ts. */
export const adminUsersFr = {};
