import { afterEach, describe, expect, it } from 'vitest';
import { createSessionStore } from '../session/session-store.ts';
import { changeLanguage, initI18n } from './i18n.ts';

const languageCookie = () => /(?:^|; )signet_locale=([^;]*)/.exec(document.cookie)?.[1];

describe('the language cookie the server paints first screens in', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('says the language chosen in the app, so the next page load paints its heading in it', async () => {
    await initI18n('en');
    expect(languageCookie()).toBe('en');
    await changeLanguage('fr');
    expect(languageCookie()).toBe('fr');
  });

  it("is gone after sign-out with the stored language, so the server goes by the browser's again", async () => {
    await changeLanguage('hi');
    createSessionStore(() => 0).clear();
    expect(languageCookie()).toBeUndefined();
  });
});
