import {
  EmailSchema,
  InviteEmailFormSchema,
  profileEndpoints,
  type UserSearchItem,
} from '@cabinet/contracts';
import { callEndpoint } from './api-client';
import { textNow } from './i18n/catalogue';
import { loadContractsText } from './i18n/contracts-text';
import { libTexts } from './texts';

// Finding an existing user by e-mail, as 'Добавить пользователя' (members), the admin's organization
// members and the admin's 'create user' all do: here once, since no feature imports another.

// The e-mail checks below speak the contracts' texts: in English their catalogue comes with this module.
void loadContractsText();

/** The invite field's error (spec section 5): only a non-empty text without '@' is wrong. */
export function inviteEmailError(email: string): string | null {
  const result = InviteEmailFormSchema.safeParse({ email });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * The full check of an address about to be sent (issue 34, rule 5): the server's own rule, so a bad
 * address is marked under its field before any call, never answered by a toast alone.
 */
export function submittedEmailError(email: string): string | null {
  const result = EmailSchema.safeParse(email.trim());
  return result.success
    ? null
    : (result.error.issues[0]?.message ?? textNow(libTexts)('Неверный формат email'));
}

/** Users by e-mail (the exact address for non-admins). */
export async function searchUsers(search: string): Promise<UserSearchItem[]> {
  const { data } = await callEndpoint(profileEndpoints.search, { query: { search, perPage: 20 } });
  return data;
}

/** Spec section 4, 'Add member': the exact match of the entered e-mail is taken. */
export async function findUserByEmail(email: string): Promise<UserSearchItem | null> {
  const wanted = email.trim().toLowerCase();
  const users = await searchUsers(wanted);
  return users.find((user) => user.email.toLowerCase() === wanted) ?? null;
}
