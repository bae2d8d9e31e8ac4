import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card.tsx';

export function ThanksPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.thanksTitle')}>
      <Text data-testid="thanks-text">{t('messages.REGISTERATION_SUCCESS')}</Text>
      <Anchor component={Link} to="/login" data-testid="link-login">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
