import { LoginRequestSchema, LoginResponseSchema } from '../auth';
import { MessageResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { LandingExchangeResponseSchema, LandingExchangeSchema } from '../identities';

// Sign-in with an e-mail code and sign-out (product-decisions, "Sign-in (one-time code)").

const tag = 'auth';

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/login',
    tag,
    roles: ['anonymous'],
    summary: 'Sign in: {loginKey, email} mails a code; {loginKey, email, code} opens a session',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
  }),
  /**
   * The end of a sign-in at an outside provider (Yandex ID, an organization's SSO): its callback sent the
   * browser to the cabinet with a one-time code, which the web trades here for the session (decision 0283).
   */
  landing: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/landing',
    tag,
    roles: ['anonymous'],
    summary: "A redirect landing's one-time code (and this browser's flow cookie) for the sign-in's session",
    body: LandingExchangeSchema,
    response: LandingExchangeResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/logout',
    tag,
    roles: ['user'],
    summary: 'Ends this session',
    response: MessageResponseSchema,
  }),
};
