import { Button, Menu } from '@mantine/core';
import { SUPPORTED_LANGUAGES } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, type Language } from '../i18n/i18n.ts';

/** Each language in its own name, so anyone can find theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी', fr: 'Français' };

/** The language dropdown: the supported languages, limited by the configured list when there is one. */
export function LanguageMenu({ allowed }: { allowed?: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const languages = SUPPORTED_LANGUAGES.filter(
    (l) => !allowed || allowed.length === 0 || allowed.includes(l),
  );
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  if (languages.length < 2) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={`${t('header.language')}: ${LANGUAGE_NAMES[current]}`}
          data-testid="language-menu"
        >
          {LANGUAGE_NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            data-testid={`language-${lng}`}
            onClick={() => void changeLanguage(lng)}
          >
            {LANGUAGE_NAMES[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
