/** The groups tab's words (hi). Merged into the app's messages in app/i18n/locales/hi.ts. */
export const adminGroupsHi = {};
