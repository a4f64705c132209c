import {
  adminWebhooksEndpoints as a,
  webhooksEndpoints as o,
  type Webhook,
  type WebhookCreateRequest,
  type WebhookDelivery,
  type WebhookUpdateRequest,
} from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { webhookKeys } from '@/lib/query-keys/webhooks';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';

// The calls of 'Вебхуки': an organization's endpoints (organizationId) or the install's (null, /admin).

export type WebhookScope = { organizationId: number | null };
export const WEBHOOKS_LOAD_FAILED = 'Не удалось получить вебхуки';

export const webhooksApi = {
  list: async (scope: WebhookScope): Promise<Webhook[]> =>
    scope.organizationId === null
      ? (await callEndpoint(a.list)).data
      : (await callEndpoint(o.list, { params: { id: scope.organizationId } })).data,
  create: (scope: WebhookScope, body: WebhookCreateRequest) =>
    scope.organizationId === null
      ? callEndpoint(a.create, { body })
      : callEndpoint(o.create, { params: { id: scope.organizationId }, body }),
  update: (scope: WebhookScope, wid: number, body: WebhookUpdateRequest) =>
    scope.organizationId === null
      ? callEndpoint(a.update, { params: { wid }, body })
      : callEndpoint(o.update, { params: { id: scope.organizationId, wid }, body }),
  remove: (scope: WebhookScope, wid: number) =>
    scope.organizationId === null
      ? callEndpoint(a.delete, { params: { wid } })
      : callEndpoint(o.delete, { params: { id: scope.organizationId, wid } }),
  secret: async (scope: WebhookScope, wid: number) =>
    scope.organizationId === null
      ? (await callEndpoint(a.secret, { params: { wid } })).data.secret
      : (await callEndpoint(o.secret, { params: { id: scope.organizationId, wid } })).data.secret,
  rotate: (scope: WebhookScope, wid: number) =>
    scope.organizationId === null
      ? callEndpoint(a.rotateSecret, { params: { wid } })
      : callEndpoint(o.rotateSecret, { params: { id: scope.organizationId, wid } }),
  test: (scope: WebhookScope, wid: number) =>
    scope.organizationId === null
      ? callEndpoint(a.test, { params: { wid } })
      : callEndpoint(o.test, { params: { id: scope.organizationId, wid } }),
  deliveries: async (scope: WebhookScope, wid: number): Promise<WebhookDelivery[]> =>
    scope.organizationId === null
      ? (await callEndpoint(a.deliveries, { params: { wid }, query: { limit: 50 } })).data.items
      : (
          await callEndpoint(o.deliveries, {
            params: { id: scope.organizationId, wid },
            query: { limit: 50 },
          })
        ).data.items,
  retry: (scope: WebhookScope, wid: number, did: number) =>
    scope.organizationId === null
      ? callEndpoint(a.retry, { params: { wid, did } })
      : callEndpoint(o.retry, { params: { id: scope.organizationId, wid, did } }),
};

export function useWebhooks(scope: WebhookScope) {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.list(scope.organizationId),
      queryFn: () => webhooksApi.list(scope),
      meta: { errorToast: false },
    }),
  );
}

export function useDeliveries(scope: WebhookScope, wid: number) {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.deliveries(scope.organizationId, wid),
      queryFn: () => webhooksApi.deliveries(scope, wid),
      meta: { errorToast: false },
    }),
  );
}

/** A change of the list (add, edit, delete, rotate): the server's message as the toast, the list refreshed. */
export function useWebhookMutation<V, R>(scope: WebhookScope, mutationFn: (v: V) => Promise<R>) {
  return useApiMutation({
    mutationFn,
    successToast: SERVER_MESSAGE,
    invalidates: [webhookKeys.list(scope.organizationId)],
  });
}

/** 'Тест' and 'Повторить': the endpoint's deliveries refreshed. */
export function useDeliveryMutation<V, R>(
  scope: WebhookScope,
  wid: number,
  mutationFn: (v: V) => Promise<R>,
) {
  return useApiMutation({
    mutationFn,
    successToast: SERVER_MESSAGE,
    invalidates: [webhookKeys.deliveries(scope.organizationId, wid)],
  });
}
