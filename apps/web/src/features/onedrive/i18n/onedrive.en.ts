/** "From OneDrive" words (en): compose's button and progress, the admin's Microsoft app form. */
export const onedriveEn = {
  fromOneDrive: 'From OneDrive',
  signingIn: 'Signing in to Microsoft…',
  pickerTitle: 'Choose files from OneDrive',
  fetching: 'Fetching from OneDrive…',
  waiting: 'Waiting…',
  progressLabel: '{{name}} from OneDrive',
  signInFailed: 'The Microsoft sign-in did not finish. Try again.',
  popupBlocked:
    'The browser blocked the Microsoft sign-in window. Allow pop-ups for this site and try again.',
  errors: {
    expired: 'Your Microsoft sign-in has expired. Choose "From OneDrive" again to sign in.',
    throttled: 'OneDrive is busy. Try again in {{seconds}} seconds.',
    tooLarge: 'This file is larger than an upload may be (100 MB).',
    missing: 'This file no longer exists in OneDrive or is not shared with you.',
    notSetUp: 'OneDrive is not set up for your organisation.',
    unreachable: 'OneDrive could not be reached. Try again later.',
  },
  admin: {
    title: 'OneDrive',
    hint: 'Let members add files from OneDrive in compose. Register an app in Microsoft Entra ID (single-page application, redirect URI below, delegated permission Files.Read.All) and enter its details.',
    enabled: 'Offer "From OneDrive" in compose',
    clientId: 'Application (client) ID',
    clientIdHint: 'From the app registration’s overview page.',
    authority: 'Microsoft tenant',
    authorityHint: 'Your directory (tenant) ID or domain, or "common" to accept any Microsoft account.',
    redirectUri: 'Redirect URI to register: {{uri}}',
    save: 'Save',
    saved: 'OneDrive settings saved.',
  },
};
