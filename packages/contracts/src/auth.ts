import { z } from 'zod';
import { LOGIN_CODE_LENGTH } from './auth-constants';
import { cleanText, EmailSchema, envelope } from './common';
import { LocaleSchema } from './i18n/locale-schema';
import { says, text } from './i18n/text';

// The sign-in screen's constants live in a module without zod (decision 0111).
export * from './auth-constants';

/**
 * The client sends the code as a JSON number (so 012345 arrives as 12345) or as a string of digits;
 * numbers are left-padded to 6 digits. Anything else is a 400.
 */
export const LoginCodeSchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0 || v > 999_999) {
      ctx.addIssue({ code: 'custom', message: text('Код должен состоять из 6 цифр') });
      return z.NEVER;
    }
    return String(v).padStart(LOGIN_CODE_LENGTH, '0');
  }
  const s = v.trim();
  if (!/^\d{6}$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: text('Код должен состоять из 6 цифр') });
    return z.NEVER;
  }
  return s;
});

/** The desktop app's public key (a sealed hand-off) or the web's 'web'; absent means 'web'. */
export const LoginKeySchema = cleanText(
  z.string().max(256, says('Не более {max} символов', { max: 256 })),
).optional();

/**
 * What a code sign-in's answer gave this browser or app (`data.device_token`), sent back on later sign-ins
 * to the same account: it is spared the account-wide caps (decision 0182). An unknown one counts as none.
 */
export const DeviceTokenSchema = z
  .string()
  .max(256, says('Не более {max} символов', { max: 256 }))
  .optional();

export const LoginRequestSchema = z
  .object({
    loginKey: LoginKeySchema,
    email: EmailSchema,
    code: LoginCodeSchema.optional(),
    device_token: DeviceTokenSchema,
    /**
     * The code step: the language the sign-in screen shows (its switch), for the code mail and for an
     * account this request creates (decision 0303). Absent: the request's language.
     */
    locale: LocaleSchema.optional(),
  })
  .strict();
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginResultSchema = z.object({
  access_token: z.string(),
  /** The access token, or a sealed box for a desktop app's key-shaped loginKey. */
  code: z.string(),
  electronUrl: z.string(),
  /**
   * For a desktop key: first 8 bytes of SHA-256 of the key the box was sealed to, hex in groups of 4
   * ('a1b2 c3d4 e5f6 0718'), to compare with what the desktop app shows. Null for the web's loginKey.
   */
  key_fingerprint: z.string().nullable(),
  /**
   * The code step's answer only: a random value naming this device to the account (only its hash is kept).
   * The client keeps it and sends it as `device_token` on later sign-ins (decision 0182).
   */
  device_token: z.string().optional(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

/** Step one answers data null; step two answers the result. */
export const LoginResponseSchema = envelope(z.union([LoginResultSchema, z.null()]));
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Form for the e-mail step (web). */
export const LoginEmailFormSchema = z.object({ email: EmailSchema });
