import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { BootFrameView } from '../layout/boot-frame-view.tsx';
import { GuestLayout } from '../layout/guest-layout.tsx';
import { MobileInternalLogin } from '../layout/mobile-internal-login.tsx';
import { RootShell } from '../layout/root-shell.tsx';
import { useStoredSession } from '../session/use-session.ts';
import { GuestOnly, HomeRedirect, RequireRoute, RequireSession } from './guards.tsx';

/** Screens that other issues build (compose, document view, admin…): a placeholder page for now. */
const PENDING_ROUTES: readonly string[] = [];

const pending = () =>
  import('../../features/pending/pages/pending-page.tsx').then((m) => ({ Component: m.PendingPage }));

function guarded(path: string, lazy: RouteObject['lazy'], name = path): RouteObject {
  return { path, element: <RequireRoute route={name} />, children: [{ index: true, lazy }] };
}

/** /authenticate and /changepassword serve a sign-in in progress, and signed-in users by role. */
function RouteIfSignedIn({ route }: { route: string }) {
  return useStoredSession() ? <RequireRoute route={route} /> : <Outlet />;
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    // While the first screen's code loads, the page keeps the frame index.html painted.
    hydrateFallbackElement: <BootFrameView />,
    children: [
      { index: true, element: <HomeRedirect /> },
      // Signed in or not: it marks the session as the mobile app before anything else.
      { path: 'mobileinternallogin', element: <MobileInternalLogin /> },
      // Signing has a layout of its own: recipients with an easy-sign link have no account or menus.
      ...['sign', 'emailsign'].map((path) => ({
        path,
        lazy: () =>
          import('../../features/sign/pages/sign-page.tsx').then((m) => ({ Component: m.SignPage })),
      })),
      // The design system's page for developers (not in any menu): every component in every state.
      {
        path: 'design',
        lazy: () =>
          import('../../features/design/pages/design-page.tsx').then((m) => ({ Component: m.DesignPage })),
      },
      {
        element: <GuestLayout />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              {
                path: 'login',
                lazy: () =>
                  import('../../features/auth/pages/login-page.tsx').then((m) => ({
                    Component: m.LoginPage,
                  })),
              },
              {
                path: 'signup',
                lazy: () =>
                  import('../../features/auth/pages/signup-page.tsx').then((m) => ({
                    Component: m.SignupPage,
                  })),
              },
              {
                path: 'register',
                lazy: () =>
                  import('../../features/auth/pages/register-page.tsx').then((m) => ({
                    Component: m.RegisterPage,
                  })),
              },
              {
                path: 'forgetpassword',
                lazy: () =>
                  import('../../features/auth/pages/forget-password-page.tsx').then((m) => ({
                    Component: m.ForgetPasswordPage,
                  })),
              },
            ],
          },
          {
            path: 'thanks',
            lazy: () =>
              import('../../features/auth/pages/thanks-page.tsx').then((m) => ({ Component: m.ThanksPage })),
          },
          {
            // Where a tenant's OpenID provider sends the browser back (single sign-on).
            path: 'sso/callback',
            lazy: () =>
              import('../../features/auth/pages/sso-callback-page.tsx').then((m) => ({
                Component: m.SsoCallbackPage,
              })),
          },
          {
            // The link of a join mail: answered without signing in, so it works signed in or not.
            path: 'invitation',
            lazy: () =>
              import('../../features/invitations/pages/invitation-page.tsx').then((m) => ({
                Component: m.InvitationPage,
              })),
          },
          {
            path: 'resetpassword',
            lazy: () =>
              import('../../features/auth/pages/reset-password-page.tsx').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: 'landing',
            lazy: () =>
              import('../../features/public/pages/landing-page.tsx').then((m) => ({
                Component: m.LandingPage,
              })),
          },
          {
            // Anyone verifies a PDF; signed in, the role must have the route (spec §6: every role but super admin).
            element: <RouteIfSignedIn route="verify" />,
            children: [
              {
                path: 'verify',
                lazy: () =>
                  import('../../features/verify/pages/verify-page.tsx').then((m) => ({
                    Component: m.VerifyPage,
                  })),
              },
            ],
          },
          {
            path: 'accessdenied',
            lazy: () =>
              import('../../features/auth/pages/access-denied-page.tsx').then((m) => ({
                Component: m.AccessDeniedPage,
              })),
          },
          {
            element: <RouteIfSignedIn route="authenticate" />,
            children: [
              {
                path: 'authenticate',
                lazy: () =>
                  import('../../features/auth/pages/authenticate-page.tsx').then((m) => ({
                    Component: m.AuthenticatePage,
                  })),
              },
            ],
          },
          {
            element: <RouteIfSignedIn route="changepassword" />,
            children: [
              {
                path: 'changepassword',
                lazy: () =>
                  import('../../features/auth/pages/change-password-page.tsx').then((m) => ({
                    Component: m.ChangePasswordPage,
                  })),
              },
            ],
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            // The signed-in shell (menus, search with its date picker, notifications) loads after sign-in.
            lazy: () => import('../layout/app-layout.tsx').then((m) => ({ Component: m.AppLayout })),
            children: [
              guarded('dashboard', () =>
                import('../../features/dashboard/pages/dashboard-page.tsx').then((m) => ({
                  Component: m.DashboardPage,
                })),
              ),
              // The ePak list view is the dashboard's list without the charts: whoever has the dashboard has it.
              guarded(
                'epaks',
                () =>
                  import('../../features/dashboard/pages/epaks-page.tsx').then((m) => ({
                    Component: m.EpaksPage,
                  })),
                'dashboard',
              ),
              guarded('profile', () =>
                import('../../features/profile/pages/profile-page.tsx').then((m) => ({
                  Component: m.ProfilePage,
                })),
              ),
              guarded('compose', () =>
                import('../../features/compose/pages/compose-page.tsx').then((m) => ({
                  Component: m.ComposePage,
                })),
              ),
              guarded('bulkcompose', () =>
                import('../../features/bulkcompose/pages/bulk-compose-page.tsx').then((m) => ({
                  Component: m.BulkComposePage,
                })),
              ),
              guarded('workflows', () =>
                import('../../features/workflows/pages/workflows-page.tsx').then((m) => ({
                  Component: m.WorkflowsPage,
                })),
              ),
              guarded('admin', () =>
                import('../../features/admin/pages/admin-page.tsx').then((m) => ({
                  Component: m.AdminPage,
                })),
              ),
              guarded('fieldsmapping', () =>
                import('../../features/webforms/pages/fields-mapping-page.tsx').then((m) => ({
                  Component: m.FieldsMappingPage,
                })),
              ),
              guarded('features', () =>
                import('../../features/public/pages/features-page.tsx').then((m) => ({
                  Component: m.FeaturesPage,
                })),
              ),
              guarded('teamroom', () =>
                import('../../features/teamrooms/pages/teamroom-page.tsx').then((m) => ({
                  Component: m.TeamroomPage,
                })),
              ),
              guarded('trDocument', () =>
                import('../../features/teamrooms/pages/tr-document-page.tsx').then((m) => ({
                  Component: m.TrDocumentPage,
                })),
              ),
              guarded('settings', () =>
                import('../../features/super-admin/pages/settings-page.tsx').then((m) => ({
                  Component: m.SettingsPage,
                })),
              ),
              guarded('compare', () =>
                import('../../features/compare/pages/compare-page.tsx').then((m) => ({
                  Component: m.ComparePage,
                })),
              ),
              guarded('reports', () =>
                import('../../features/reports/pages/reports-page.tsx').then((m) => ({
                  Component: m.ReportsPage,
                })),
              ),
              guarded('stamppapers', () =>
                import('../../features/stamppapers/pages/stamppapers-page.tsx').then((m) => ({
                  Component: m.StampPapersPage,
                })),
              ),
              guarded('aadhaar-redirect', () =>
                import('../../features/aadhaar/pages/aadhaar-redirect-page.tsx').then((m) => ({
                  Component: m.AadhaarRedirectPage,
                })),
              ),
              ...PENDING_ROUTES.map((name) => guarded(name, pending)),
              { path: 'root', lazy: pending },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
