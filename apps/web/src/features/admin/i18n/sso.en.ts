/** Single sign-on words (en): the admin's SSO tab and the login page. Merged in app/i18n/locales/en.ts. */
export const ssoEn = {
  admin: {
    title: 'Single sign-on (OpenID Connect)',
    intro:
      'Members can sign in with your organisation’s OpenID Connect provider, next to their passwords. Register Signet at the provider with the redirect URI below, then fill in what the provider gives you.',
    loading: 'Loading single sign-on',
    loadFailed: 'Single sign-on could not be loaded. Please reload the page.',
    enabled: 'Offer sign-in with this provider',
    enabledHint: 'When off, the login page shows no provider button and nobody can sign in through it.',
    displayName: 'Provider name',
    displayNameHint: 'Shown on the login page as “Sign in with …”.',
    issuer: 'Issuer URL',
    issuerHint:
      'The provider’s address. Signet reads its settings from /.well-known/openid-configuration there.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    clientSecretKept: 'A secret is stored. Leave this empty to keep it.',
    clientSecretNone: 'Leave empty for a public client (PKCE only).',
    scopes: 'Scopes',
    scopesHint: 'Separated by spaces; must include openid.',
    roleClaim: 'Role claim',
    roleClaimHint:
      'The claim that holds the person’s groups or roles, such as groups. Empty: roles are not mapped.',
    mapping: 'Claim values and roles',
    mappingHint:
      'At every sign-in the first value in this list that the claim holds gives the role; if none does, the default role. The owner’s role never changes.',
    mappingValue: 'Claim value',
    mappingRole: 'Role',
    addMapping: 'Add a value',
    removeMapping: 'Remove the value {{value}}',
    noMappings: 'No values yet: members keep the role they have.',
    defaultRole: 'Default role',
    defaultRoleHint: 'For new people, and for everyone when the claim holds none of the values above.',
    justInTime: 'Add new people at their first sign-in',
    justInTimeHint:
      'Someone the provider vouches for who has no Signet account becomes a member. Someone with an account elsewhere must be invited and accept first.',
    allowedDomains: 'Allowed email domains',
    allowedDomainsHint:
      'Only addresses in these domains may sign in through the provider. Empty: any. Press Enter after each.',
    redirectUri: 'Redirect URI to register at the provider',
    signInUrl: 'Sign-in link for your members',
    signInUrlHint: 'The login page opened from this link offers the provider button.',
    copy: 'Copy',
    copied: 'Copied',
    twoFactorNote:
      'Two-factor sign-in applies to passwords. People who sign in through the provider are checked by the provider’s own sign-in.',
    save: 'Save single sign-on',
    saving: 'Checking the provider…',
    saved: 'Single sign-on saved.',
    invalidDomain: 'Enter domains such as example.com.',
    needsOpenid: 'The scopes must include openid.',
    invalidUrl: 'Enter an https address.',
  },
  login: {
    or: 'or',
    button: 'Sign in with {{name}}',
    signingIn: 'Signing you in…',
    failedTitle: 'Sign-in did not work',
    backToLogin: 'Back to sign-in',
  },
  link: {
    title: 'Confirm it is you',
    explain:
      'Signet already has an account for {{email}}. To sign in through {{provider}} from now on, confirm once with your Signet password.',
    password: 'Your Signet password',
    confirm: 'Confirm and sign in',
  },
  errors: {
    invalidState:
      'This sign-in could not be checked or took too long. Please start again from the login page.',
    notVerified:
      'The provider did not give a verified email address, or you have an invitation to accept first (see your email).',
    notMember:
      'You are not a member of this organisation through its provider. Ask its administrator to invite you.',
    providerUnavailable:
      'The sign-in provider could not be reached. Check the issuer URL or try again later.',
    providerRefused: 'The provider did not sign you in.',
    addressNotAllowed: 'Signet may not call this address.',
    notSetUp: 'Single sign-on is not set up for this organisation.',
  },
};
