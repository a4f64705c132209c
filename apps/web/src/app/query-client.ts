import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-message';
import { offerFieldErrors } from '@/lib/field-errors';
import { textNow } from '@/lib/i18n/catalogue';
import { notifyLimit } from '@/lib/limit-toast';
import { auditKeys } from '@/lib/query-keys/audit';
import type { AppQueryMeta } from '@/lib/query-meta';
import { session } from '@/lib/session';
import { notifyError } from '@/lib/toasts';
import { appTexts } from './texts';

type ErrorHandlerDeps = {
  /** Spec section 4: a 401 clears local storage and reloads; the login guard then opens sign-in. */
  onUnauthorized: () => void;
  notify: (message: string) => void;
  /** A plan limit's text, with the link to the plans (lib/limit-toast.tsx). */
  notifyLimit: (message: string) => void;
  /** The saving form's field errors (lib/field-errors.ts): true when it showed them all. */
  offerFieldErrors: (errors: NonNullable<ApiError['errors']>) => boolean;
};

const defaultDeps: ErrorHandlerDeps = {
  onUnauthorized: () => {
    // A call that was already under way when the user signed out answers 401 too; with no session left
    // there is nothing to clear, and a reload would only interrupt the navigation to sign-in.
    if (!session.getState().isAuthenticated) return;
    // The sign-in screen says 'Сеанс завершён, войдите снова' after the reload (issue 16).
    session.expire();
    window.location.reload();
  },
  notify: notifyError,
  notifyLimit,
  offerFieldErrors,
};

/**
 * The one place where failed calls turn into behaviour (architecture convention 4). One message per
 * failure (decision 0164): a failed save whose field errors the form shows next to its fields gets no toast.
 */
export function handleApiError(
  error: unknown,
  meta: AppQueryMeta | undefined,
  deps = defaultDeps,
  fromMutation = false,
): void {
  if (error instanceof ApiError && error.status === 401 && !meta?.sessionless) {
    deps.onUnauthorized();
    return;
  }
  if (fromMutation && error instanceof ApiError && error.errors && deps.offerFieldErrors(error.errors))
    return;
  if (meta?.errorToast === false) return;
  // A plan limit carries its way out, the link to the plans, whichever text it shows (issue 16).
  const notify = error instanceof ApiError && error.code === 'LIMIT' ? deps.notifyLimit : deps.notify;
  if (typeof meta?.errorToast === 'string') notify(meta.errorToast);
  else if (meta?.errorFallback) notify(failureText(error, meta.errorFallback));
  else if (error instanceof ApiError) notify(error.message);
  else notify(textNow(appTexts)('Неизвестная ошибка'));
}

const MAX_RETRIES = 2;

export function createQueryClient(overrides: Partial<ErrorHandlerDeps> = {}): QueryClient {
  const deps = { ...defaultDeps, ...overrides };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, query.meta, deps) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => handleApiError(error, mutation.meta, deps, true),
      // Every change writes an audit event (decision 0145): an open 'Журнал' shows it without a reload.
      onSuccess: () => {
        // Not awaited: the change's own refresh and navigation need not wait for the log.
        void client.invalidateQueries({ queryKey: auditKeys.all });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will answer the same again; only lost connections and 5xx are worth another try.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
