import { IdParamsSchema, MessageResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  LinkedIdentityListResponseSchema,
  ProviderCallbackQuerySchema,
  ProviderRedirectResponseSchema,
} from '../identities';

// Yandex ID sign-in and the accounts at outside providers linked to one's own (issue 30; decisions
// 0282–0285). The two /auth/yandex calls are browser navigations: a redirect and a page, not JSON.

const tag = 'identities';
const mine = '/api/v1/rest/profile/identities';

export const identitiesEndpoints = {
  yandexStart: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/yandex/start',
    tag,
    roles: ['anonymous'],
    summary: "'Войти с Яндекс ID': 302 to Yandex's authorization page (404 unless YANDEX_* are set)",
    response: null,
  }),
  yandexCallback: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/yandex/callback',
    tag,
    roles: ['anonymous'],
    summary:
      'The redirect URI registered at Yandex: 302 into the cabinet signed in (or linked), else a page saying why',
    produces: 'text/html',
    query: ProviderCallbackQuerySchema,
    response: null,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: mine,
    tag,
    roles: ['user'],
    summary: "The caller's linked accounts: Yandex ID and organizations' single sign-on",
    response: LinkedIdentityListResponseSchema,
  }),
  linkYandex: defineEndpoint({
    method: 'POST',
    path: `${mine}/yandex`,
    tag,
    roles: ['user'],
    summary: "'Привязать Яндекс ID': the Yandex authorization URL whose callback links to the caller",
    response: ProviderRedirectResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${mine}/{id}`,
    tag,
    roles: ['user'],
    summary: "'Отвязать': the linked Yandex ID signs nobody in any more (single sign-on is refused, 409)",
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
};
