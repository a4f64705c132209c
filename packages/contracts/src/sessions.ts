import { z } from 'zod';
import { envelope, IdSchema, listEnvelope } from './common';
import { says, textId } from './i18n/text';

// Devices and sessions (issue 14): where the account is signed in, and the new-device mail switch.
// See docs/decisions/0140-session-devices.md and 0141-new-device-mail.md.

/** What the list shows for a session whose user agent says nothing (or that was opened before issue 14). */
export const UNKNOWN_DEVICE = textId('Неизвестное устройство');
export const SESSION_NOT_FOUND = textId('Сеанс не найден');

/** One session, ip and user_agent as of its sign-in. */
export const SessionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The user agent in words: 'Chrome 142, Windows'. */
  device: z.string(),
  /** Opened by a sealed hand-off to the desktop app. */
  is_desktop: z.boolean(),
  /**
   * A device grant's token (issue 29): the application's name ('Настольное приложение') and the scopes it
   * carries; null and [] for a sign-in.
   */
  application: z.string().nullable(),
  scopes: z.array(z.string()),
  /** The session of this very request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionListResponseSchema = listEnvelope(SessionSchema);
export type SessionListResponse = z.infer<typeof SessionListResponseSchema>;

/** POST /profile/sessions/revoke-others: how many sessions ended. */
export const RevokeSessionsResultSchema = z.object({ count: z.number().int() });
export const RevokeSessionsResponseSchema = envelope(RevokeSessionsResultSchema);
export type RevokeSessionsResult = z.infer<typeof RevokeSessionsResultSchema>;

/** DELETE /admin/users/{id}/sessions/{sid}. */
export const UserSessionParamsSchema = z.object({ id: IdSchema, sid: IdSchema }).strict();

/** The account's own security switches (decision 0141). */
export const SecuritySettingsSchema = z.object({
  /** Mail 'Новый вход в аккаунт' on a sign-in from a device not seen before. */
  new_device_mail: z.boolean(),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
export const SecuritySettingsResponseSchema = envelope(SecuritySettingsSchema);
export const SecuritySettingsUpdateSchema = z
  .object({ new_device_mail: z.boolean(says('Ожидается true или false')) })
  .strict();
export type SecuritySettingsUpdate = z.input<typeof SecuritySettingsUpdateSchema>;
