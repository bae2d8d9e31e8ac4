import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { DeferredFeedback } from './deferred-feedback.tsx';
import { i18n } from './i18n/i18n.ts';
import { usePhone } from './layout/use-phone.ts';
import { createAppRouter } from './routing/router.tsx';
import { appTheme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already refreshes and retries once; a second layer of retries would hide errors.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function LocalisedProviders() {
  const { i18n: instance } = useTranslation();
  const router = useMemo(() => createAppRouter(), []);
  return (
    <DatesProvider settings={{ locale: instance.language }}>
      <RouterProvider router={router} />
      <DeferredFeedback />
    </DatesProvider>
  );
}

/** Providers: theme, server state, translations, dialogs and toasts, then the routes. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const phone = usePhone();
  const theme = useMemo(() => appTheme(phone), [phone]);
  return (
    <I18nextProvider i18n={i18n}>
      {/* The theme's CSS variables come as a file (theme-variables.css), not computed at start. */}
      <MantineProvider theme={theme} withCssVariables={false}>
        <QueryClientProvider client={queryClient}>
          <LocalisedProviders />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
