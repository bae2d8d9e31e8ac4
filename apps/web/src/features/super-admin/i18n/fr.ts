/** The super admin's console words (fr). Merged into the app's messages in app/i18n/locales/fr.ts. */
export const superAdminFr = {};
