import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { APP_BASENAME, paths } from '@/config/paths';
import { withCatalogues } from '@/lib/i18n/routes';
import { session } from '@/lib/session';
import { ErrorLayout } from './layouts/error-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { requireLogin } from './route-guards';

/** Spec section 2: /admin redirects to /admin/main. */
function RedirectToAdminHome() {
  return <Navigate to={paths.admin.home.getHref()} replace />;
}

/**
 * The signed-in screens call the API as they mount, and each call waits for the endpoint tables (and zod):
 * one chunk, 'calls' (decision 0292). A signed-in visit asks for it beside the shell instead of after it.
 */
function signedInShell() {
  // A failure here is the first call's to report.
  if (session.getState().isAuthenticated)
    import('@cabinet/contracts/endpoints/profile').catch(() => undefined);
  return import('./signed-in-shell');
}

/**
 * The route table of spec section 2. Every layout and screen is loaded on demand, so the sign-in page
 * downloads neither the cabinet nor the admin area.
 */
export function createRoutes(queryClient?: QueryClient): RouteObject[] {
  return withCatalogues([
    {
      id: 'root',
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          // Sign-in, and an invitation link, which anyone may open signed in or not (issue 13).
          lazy: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
          children: [
            {
              path: paths.signIn.path,
              lazy: () => import('@/routes/sign-in-route').then((m) => ({ Component: m.SignInRoute })),
            },
            {
              path: paths.ssoLanding.path,
              lazy: () =>
                import('@/routes/sso-landing-route').then((m) => ({ Component: m.SsoLandingRoute })),
            },
            {
              path: paths.signInLanding.path,
              lazy: () =>
                import('@/routes/sign-in-landing-route').then((m) => ({ Component: m.SignInLandingRoute })),
            },
            {
              lazy: () => import('./signed-in-shell').then((m) => ({ Component: m.QueryOutlet })),
              children: [
                {
                  path: paths.invite.path,
                  lazy: () => import('@/routes/invite-route').then((m) => ({ Component: m.InviteRoute })),
                },
              ],
            },
          ],
        },
        {
          id: 'needs-login',
          loader: requireLogin,
          lazy: () => signedInShell().then((m) => ({ Component: m.SignedInShell })),
          // Check on every navigation, not only the first: the session may have ended in another tab.
          shouldRevalidate: () => true,
          children: [
            {
              path: paths.home.path,
              lazy: () => import('./layouts/default-layout').then((m) => ({ Component: m.DefaultLayout })),
              children: [
                {
                  index: true,
                  lazy: () => import('@/routes/home-route').then((m) => ({ Component: m.HomeRoute })),
                },
                {
                  path: paths.subscription.path,
                  lazy: () =>
                    import('@/routes/subscription-route').then((m) => ({ Component: m.SubscriptionRoute })),
                },
                {
                  path: paths.subscriptionCheckout.path,
                  lazy: () =>
                    import('@/routes/subscription-checkout-route').then((m) => ({
                      Component: m.SubscriptionCheckoutRoute,
                    })),
                },
                {
                  path: paths.subscriptionResult.path,
                  lazy: () =>
                    import('@/routes/subscription-result-route').then((m) => ({
                      Component: m.SubscriptionResultRoute,
                    })),
                },
                {
                  path: paths.paymentReceipt.path,
                  lazy: () =>
                    import('@/routes/payment-receipt-route').then((m) => ({
                      Component: m.PaymentReceiptRoute,
                    })),
                },
                {
                  path: paths.organizationCreate.path,
                  lazy: () =>
                    import('@/routes/organization-create-route').then((m) => ({
                      Component: m.OrganizationCreateRoute,
                    })),
                },
                {
                  path: paths.organizationCollaborators.path,
                  lazy: () =>
                    import('@/routes/organization-collaborators-route').then((m) => ({
                      Component: m.OrganizationCollaboratorsRoute,
                    })),
                },
                {
                  path: paths.profileSettings.path,
                  lazy: () =>
                    import('@/routes/profile-settings-route').then((m) => ({
                      Component: m.ProfileSettingsRoute,
                    })),
                },
                {
                  path: paths.security.path,
                  lazy: () => import('@/routes/security-route').then((m) => ({ Component: m.SecurityRoute })),
                },
                {
                  path: paths.tokens.path,
                  lazy: () => import('@/routes/tokens-route').then((m) => ({ Component: m.TokensRoute })),
                },
                {
                  path: paths.device.path,
                  lazy: () => import('@/routes/device-route').then((m) => ({ Component: m.DeviceRoute })),
                },
              ],
            },
            {
              path: paths.admin.root.path,
              ErrorBoundary: RouteErrorBoundary,
              // The guard comes with the layout: it needs the profile call, which only the cabinet loads.
              lazy: async () => {
                const [{ AdminLayout }, { requireAdmin }, app] = await Promise.all([
                  import('./layouts/admin-layout'),
                  import('./route-guards-admin'),
                  import('./query-client'),
                ]);
                return { Component: AdminLayout, loader: requireAdmin(queryClient ?? app.queryClient) };
              },
              children: [
                { index: true, Component: RedirectToAdminHome },
                {
                  path: paths.admin.home.path,
                  lazy: () =>
                    import('@/routes/admin/admin-home-route').then((m) => ({ Component: m.AdminHomeRoute })),
                },
                {
                  path: paths.admin.users.path,
                  lazy: () =>
                    import('@/routes/admin/admin-users-route').then((m) => ({
                      Component: m.AdminUsersRoute,
                    })),
                },
                {
                  path: paths.admin.userCreate.path,
                  lazy: () =>
                    import('@/routes/admin/admin-user-create-route').then((m) => ({
                      Component: m.AdminUserCreateRoute,
                    })),
                },
                {
                  path: paths.admin.userSettings.path,
                  lazy: () =>
                    import('@/routes/admin/admin-user-settings-route').then((m) => ({
                      Component: m.AdminUserSettingsRoute,
                    })),
                },
                {
                  path: paths.admin.organizations.path,
                  lazy: () =>
                    import('@/routes/admin/admin-organizations-route').then((m) => ({
                      Component: m.AdminOrganizationsRoute,
                    })),
                },
                {
                  path: paths.admin.organizationCreate.path,
                  lazy: () =>
                    import('@/routes/admin/admin-organization-create-route').then((m) => ({
                      Component: m.AdminOrganizationCreateRoute,
                    })),
                },
                {
                  path: paths.admin.organizationSettings.path,
                  lazy: () =>
                    import('@/routes/admin/admin-organization-settings-route').then((m) => ({
                      Component: m.AdminOrganizationSettingsRoute,
                    })),
                },
                {
                  path: paths.admin.plans.path,
                  lazy: () =>
                    import('@/routes/admin/admin-plans-route').then((m) => ({
                      Component: m.AdminPlansRoute,
                    })),
                },
                {
                  path: paths.admin.planCreate.path,
                  lazy: () =>
                    import('@/routes/admin/admin-plan-create-route').then((m) => ({
                      Component: m.AdminPlanCreateRoute,
                    })),
                },
                {
                  path: paths.admin.planSettings.path,
                  lazy: () =>
                    import('@/routes/admin/admin-plan-settings-route').then((m) => ({
                      Component: m.AdminPlanSettingsRoute,
                    })),
                },
                {
                  path: paths.admin.audit.path,
                  lazy: () =>
                    import('@/routes/admin/admin-audit-route').then((m) => ({
                      Component: m.AdminAuditRoute,
                    })),
                },
                {
                  path: paths.admin.payments.path,
                  lazy: () =>
                    import('@/routes/admin/admin-payments-route').then((m) => ({
                      Component: m.AdminPaymentsRoute,
                    })),
                },
                {
                  path: paths.admin.webhooks.path,
                  lazy: () =>
                    import('@/routes/admin/admin-webhooks-route').then((m) => ({
                      Component: m.AdminWebhooksRoute,
                    })),
                },
                {
                  path: paths.admin.refunds.path,
                  lazy: () =>
                    import('@/routes/admin/admin-refunds-route').then((m) => ({
                      Component: m.AdminRefundsRoute,
                    })),
                },
                {
                  path: paths.admin.profileSettings.path,
                  lazy: () =>
                    import('@/routes/admin/admin-profile-settings-route').then((m) => ({
                      Component: m.AdminProfileSettingsRoute,
                    })),
                },
                {
                  path: paths.admin.applications.path,
                  lazy: () =>
                    import('@/routes/admin/admin-applications-route').then((m) => ({
                      Component: m.AdminApplicationsRoute,
                    })),
                },
                {
                  path: paths.admin.security.path,
                  lazy: () =>
                    import('@/routes/admin/admin-security-route').then((m) => ({
                      Component: m.AdminSecurityRoute,
                    })),
                },
              ],
            },
            {
              Component: ErrorLayout,
              children: [
                {
                  // Spec section 2: any other path is the not-found page, and it still needs login.
                  path: '*',
                  lazy: () =>
                    import('@/routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })),
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}

/** The app's router; its screens use the app's query client (app/query-client.ts), loaded with them. */
export function createAppRouter() {
  return createBrowserRouter(createRoutes(), { basename: APP_BASENAME });
}
