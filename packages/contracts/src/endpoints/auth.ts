import { LoginRequestSchema, LoginResponseSchema } from '../auth';
import { MessageResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';

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
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/logout',
    tag,
    roles: ['user'],
    summary: 'Ends this session',
    response: MessageResponseSchema,
  }),
};
