import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { Role, TenantConfiguration, TokenResponse, User } from '@signet/contracts';
import { FeatureFlagsSchema, PasswordPolicySchema, RecipientRulesSchema } from '@signet/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../src/app/app.tsx';
import { initI18n } from '../src/app/i18n/i18n.ts';
import { routes } from '../src/app/routing/router.tsx';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok } from './msw.ts';

export const TENANT = '11111111-1111-4111-8111-111111111111';

export function fakeUser(role: Role, extra: Partial<User> = {}): User & { defaultTenantUuid: string | null } {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    uuid: '22222222-2222-4222-8222-222222222222',
    firstName: 'Test',
    middleName: '',
    lastName: 'User',
    title: '',
    email: 'test@demo.test',
    role,
    type: 'internal',
    status: 'enabled',
    verified: true,
    userImage: null,
    userImageType: null,
    userTenantList: [
      {
        tenantUuid: TENANT,
        tenantName: 'Demo',
        userRole: role === 'super_admin' ? 'admin' : role,
        userLoginType: 'Email',
        userTenantSSOEntityId: null,
        status: 'enabled',
      },
    ],
    locale: 'en',
    timezone: 'UTC',
    dateFormat: 'DD MMM YYYY',
    passcodeFlag: false,
    defaultTenantUuid: TENANT,
    ...extra,
  };
}

/** Typed, so a field the configuration gains must be given here too. */
export function configuration(
  features: Partial<ReturnType<typeof FeatureFlagsSchema.parse>> = {},
): TenantConfiguration {
  return {
    tenantUuid: TENANT,
    tenantName: 'Demo',
    languages: ['en', 'hi', 'fr'],
    dateFormat: 'DD MMM YYYY',
    features: { ...FeatureFlagsSchema.parse({}), ...features },
    hiddenMenuItems: [],
    passwordPolicy: PasswordPolicySchema.parse({}),
    twoFactor: false,
    epakExpiryDays: 0,
    epakRetentionDays: 30,
    geolocation: 'OFF',
    internalDomains: [],
    recipientRules: RecipientRulesSchema.parse({}),
    archivalPeriodDays: null,
    announcement: null,
    oneDrive: null,
    branding: { displayName: null, primaryColor: null, logoUrl: null },
    // No notification transport: the tests do not open sockets.
    session: {
      uistokenexpiresin: 900,
      notificationPath: '',
      notificationTransports: [],
      webNotificationTimeoutMs: 8000,
    },
  };
}

export const publicConfiguration = {
  appName: 'Signet',
  version: 'test',
  languages: ['en', 'hi', 'fr'],
  defaultLanguage: 'en',
  allowSignup: true,
  rememberMe: false,
  loginImages: false,
  announcement: null,
};

/** Handlers for a signed-in user of `role` (user, configuration, public configuration). */
export function shellHandlers(role: Role) {
  return [
    http.get('*/msbapi/v1/users/valid', () => ok(fakeUser(role))),
    http.get('*/msbapi/v1/configuration', () => ok(configuration())),
    http.get('*/msbapi/public/configuration', () => ok(publicConfiguration)),
    // No other organisation is waiting for an answer (the invitation prompt stays closed).
    http.get('*/msbapi/v1/user/invitations', () => ok({ invitations: [] })),
    // The signer input offers the tenant's groups; none unless a test says otherwise.
    http.get('*/msbapi/v1/groups', () => ok({ groups: [] })),
  ];
}

export function startFakeSession(): void {
  sessionStore.start({
    access_token: 'access-1',
    msb_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_in: 900,
    uistokenexpiresin: 900,
    defaultTenantId: TENANT,
  } as TokenResponse);
}

/** The whole app (providers and routes) in a memory router at `path`. */
export async function renderApp(path: string) {
  await initI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router };
}
