import { IdParamsSchema, MessageResponseSchema, PaginationQuerySchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  PasskeyCreationOptionsResponseSchema,
  PasskeyListResponseSchema,
  PasskeyLoginOptionsRequestSchema,
  PasskeyLoginResponseSchema,
  PasskeyLoginVerifyRequestSchema,
  PasskeyRegisterVerifyRequestSchema,
  PasskeyRenameRequestSchema,
  PasskeyRequestOptionsResponseSchema,
  PasskeyResponseSchema,
} from '../passkeys';

// Passkeys (issue 14; docs/decisions/0142-passkeys.md): the WebAuthn ceremonies under auth/passkey, one's own
// passkeys under profile/passkeys.

const tag = 'passkeys';
const auth = '/api/v1/auth/passkey';
const profile = '/api/v1/rest/profile/passkeys';

export const passkeysEndpoints = {
  registerOptions: defineEndpoint({
    method: 'POST',
    path: `${auth}/register/options`,
    tag,
    roles: ['user'],
    summary: 'WebAuthn creation options for a new passkey of the caller (the challenge lives 5 minutes)',
    response: PasskeyCreationOptionsResponseSchema,
  }),
  registerVerify: defineEndpoint({
    method: 'POST',
    path: `${auth}/register/verify`,
    tag,
    roles: ['user'],
    summary: 'Checks the new credential against its challenge and keeps it as a named passkey',
    body: PasskeyRegisterVerifyRequestSchema,
    // The attestation object and authenticator data may each be 200,000 base64url characters.
    bodyLimit: 512 * 1024,
    response: PasskeyResponseSchema,
    status: 201,
  }),
  loginOptions: defineEndpoint({
    method: 'POST',
    path: `${auth}/login/options`,
    tag,
    roles: ['anonymous'],
    summary: 'WebAuthn request options for a discoverable passkey; the same answer for any e-mail',
    body: PasskeyLoginOptionsRequestSchema,
    response: PasskeyRequestOptionsResponseSchema,
  }),
  loginVerify: defineEndpoint({
    method: 'POST',
    path: `${auth}/login/verify`,
    tag,
    roles: ['anonymous'],
    summary: 'Signs in with a passkey: the same data as a code sign-in, the desktop hand-off included',
    body: PasskeyLoginVerifyRequestSchema,
    response: PasskeyLoginResponseSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: profile,
    tag,
    roles: ['user'],
    summary: "The caller's passkeys, newest first",
    query: PaginationQuerySchema,
    response: PasskeyListResponseSchema,
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: `${profile}/{id}`,
    tag,
    roles: ['user'],
    summary: "Renames one of the caller's passkeys",
    params: IdParamsSchema,
    body: PasskeyRenameRequestSchema,
    response: PasskeyResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${profile}/{id}`,
    tag,
    roles: ['user'],
    summary: "Removes one of the caller's passkeys: it signs nobody in any more",
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
};
