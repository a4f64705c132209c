import { z } from 'zod';
import { LoginKeySchema, LoginResultSchema } from './auth';
import { cleanText, EmailSchema, envelope, listEnvelope, NAME_CHARACTERS, nameText } from './common';
import { says, textId } from './i18n/text';

// Passkeys (WebAuthn) of issue 14: registration by a signed-in user, sign-in with a discoverable credential.
// The option and answer shapes are WebAuthn's JSON forms (what @simplewebauthn makes and reads).
// See docs/decisions/0142-passkeys.md.

export const PASSKEY_NOT_FOUND = textId('Ключ доступа не найден');
export const PASSKEY_NAME_MAX = 64;

/** base64url, as WebAuthn's JSON forms carry bytes. */
const base64url = (max: number) =>
  z
    .string()
    .max(max, says('Неверный ответ ключа доступа'))
    .regex(/^[A-Za-z0-9_-]*$/, says('Неверный ответ ключа доступа'));

/** WebAuthn's word lists; their own words ('required') must not reach anyone as a message. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, says('Недопустимое значение'));
/** WebAuthn's 'discouraged' / 'preferred' / 'required' (user verification, resident key). */
const RequirementSchema = oneOf(['discouraged', 'preferred', 'required']);
const HintsSchema = z.array(oneOf(['hybrid', 'security-key', 'client-device']));

const CredentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** What navigator.credentials.create() takes (as JSON): the answer of register/options. */
export const PasskeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(CredentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: oneOf(['platform', 'cross-platform']).optional(),
      residentKey: RequirementSchema.optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: RequirementSchema.optional(),
    })
    .optional(),
  hints: HintsSchema.optional(),
  attestation: oneOf(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptionsSchema>;
export const PasskeyCreationOptionsResponseSchema = envelope(PasskeyCreationOptionsSchema);

/** What navigator.credentials.get() takes (as JSON): the answer of login/options. */
export const PasskeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptorSchema).optional(),
  userVerification: RequirementSchema.optional(),
  hints: HintsSchema.optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptionsSchema>;
export const PasskeyRequestOptionsResponseSchema = envelope(PasskeyRequestOptionsSchema);

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', says('Неверный ответ ключа доступа')),
  authenticatorAttachment: oneOf(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** A new credential as the browser answers navigator.credentials.create() (RegistrationResponseJSON). */
export const PasskeyRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(20_000),
    attestationObject: base64url(200_000),
    authenticatorData: base64url(200_000).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(20_000).optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponseSchema>;

/** A signature as the browser answers navigator.credentials.get() (AuthenticationResponseJSON). */
export const PasskeyAuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(20_000),
    authenticatorData: base64url(20_000),
    signature: base64url(20_000),
    userHandle: base64url(1000).optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponseSchema>;

/** A passkey's name: what the person calls it ('Ноутбук', 'YubiKey'). */
export const PasskeyNameSchema = cleanText(
  nameText(NAME_CHARACTERS)
    .trim()
    .min(1, says('Обязательное поле'))
    .max(PASSKEY_NAME_MAX, says('Название не должно превышать {max} символов', { max: PASSKEY_NAME_MAX })),
);

export const PasskeyRegisterVerifyRequestSchema = z
  .object({ response: PasskeyRegistrationResponseSchema, name: PasskeyNameSchema })
  .strict();
export type PasskeyRegisterVerifyRequest = z.input<typeof PasskeyRegisterVerifyRequestSchema>;

/** The e-mail is accepted and not used: the answer is the same for every address (decision 0142). */
export const PasskeyLoginOptionsRequestSchema = z
  .object({ email: EmailSchema.optional() })
  .strict()
  .nullish();
export type PasskeyLoginOptionsRequest = z.input<typeof PasskeyLoginOptionsRequestSchema>;

export const PasskeyLoginVerifyRequestSchema = z
  .object({ response: PasskeyAuthenticationResponseSchema, loginKey: LoginKeySchema })
  .strict();
export type PasskeyLoginVerifyRequest = z.input<typeof PasskeyLoginVerifyRequestSchema>;

/** The same data as a code sign-in. */
export const PasskeyLoginResponseSchema = envelope(LoginResultSchema);

export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyResponseSchema = envelope(PasskeySchema);
export const PasskeyListResponseSchema = listEnvelope(PasskeySchema);

export const PasskeyRenameRequestSchema = z.object({ name: PasskeyNameSchema }).strict();
export type PasskeyRenameRequest = z.input<typeof PasskeyRenameRequestSchema>;
