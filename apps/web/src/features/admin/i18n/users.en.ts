/** The users tab's words (en). Merged into the app's messages in app/i18n/locales/en.ts. */
export const adminUsersEn = {};
