import { AnyQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { SignInOptionsResponseSchema, SiteLinksResponseSchema } from '../site';

// Facts about the installation that every visitor may read (no session).

export const siteEndpoints = {
  links: defineEndpoint({
    method: 'GET',
    path: '/api/v1/site/links',
    tag: 'site',
    roles: ['anonymous'],
    summary: "The header's links 'О сервисе', 'FAQ', 'Поддержка' (null when not set)",
    query: AnyQuerySchema,
    response: SiteLinksResponseSchema,
  }),
  signIn: defineEndpoint({
    method: 'GET',
    path: '/api/v1/site/sign-in',
    tag: 'site',
    roles: ['anonymous'],
    summary: 'Ways in the sign-in screen offers besides the code and passkeys: {yandex_id}',
    query: AnyQuerySchema,
    response: SignInOptionsResponseSchema,
  }),
};
