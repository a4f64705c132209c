import { authEndpoints, type ProfileUpdateRequest, profileEndpoints } from '@cabinet/contracts';
import { ApiError, callEndpoint } from '@/lib/api-client';
import { textNow, useText } from '@/lib/i18n';
import { adminKeys } from '@/lib/query-keys/admin';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { findUserByEmail } from '@/lib/user-lookup';
import { type AdminUsersText, adminUsersTexts } from '../texts';

/** The web's built-in loginKey (the sign-in screen's default): the invitation is a web sign-in. */
export const INVITE_LOGIN_KEY = 'web';

/** The spec's texts of the flow, as ids of the users catalogue: said through `t()` where they show. */
export const CREATE_USER_MESSAGES = {
  badEmail: 'Некорректный email',
  exists: 'Пользователь с таким email уже существует',
  invited: 'Пользователю отправлено приглашение в систему',
  failed: 'Не удалось создать пользователя',
} as const satisfies Record<string, AdminUsersText>;

export type CreateUserInput = {
  name: string;
  email: string;
  /** Uploads the chosen avatar and answers its id; absent when no file was chosen. */
  uploadAvatar?: () => Promise<number>;
};

/** What the flow ended with: created, or stopped by one of the spec's warnings (said under the e-mail). */
export type CreateUserOutcome =
  | { status: 'created'; userId: number }
  | { status: 'warned'; warning: (typeof CREATE_USER_MESSAGES)['badEmail' | 'exists'] };

export type CreateUserDeps = {
  findUserByEmail: typeof findUserByEmail;
  sendInvitation: (email: string) => Promise<unknown>;
  updateProfile: (userId: number, body: ProfileUpdateRequest) => Promise<unknown>;
};

/** The first sign-in call {email, loginKey}: creates the account, unverified, and mails it a code. */
async function sendInvitation(email: string): Promise<void> {
  try {
    await callEndpoint(authEndpoints.login, { body: { loginKey: INVITE_LOGIN_KEY, email } });
  } catch (error) {
    // 429: a code went to this address less than a minute ago, so the invitation is already there.
    if (error instanceof ApiError && error.status === 429) return;
    // This call does not rest on the admin's session: its 401 must not sign the admin out.
    if (error instanceof ApiError && error.status === 401) throw new Error(error.message);
    throw error;
  }
}

function updateProfile(userId: number, body: ProfileUpdateRequest) {
  return callEndpoint(profileEndpoints.update, { params: { id: userId }, body });
}

const defaultDeps: CreateUserDeps = { findUserByEmail, sendInvitation, updateProfile };

/**
 * Admin 'create user', exactly as spec section 4 orders it (product-decisions, Accounts): check the
 * e-mail, look for an existing account, send the invitation (the first login call, which creates the
 * account), find the new account, upload the avatar if one was chosen, then set its name and avatar.
 */
export async function createUser(
  input: CreateUserInput,
  deps: CreateUserDeps = defaultDeps,
): Promise<CreateUserOutcome> {
  const email = input.email.trim().toLowerCase();
  if (!email) return { status: 'warned', warning: CREATE_USER_MESSAGES.badEmail };

  if (await deps.findUserByEmail(email)) return { status: 'warned', warning: CREATE_USER_MESSAGES.exists };

  await deps.sendInvitation(email);

  const created = await deps.findUserByEmail(email);
  if (!created) throw new Error(textNow(adminUsersTexts)(CREATE_USER_MESSAGES.failed));

  // The account exists and has its invitation by now: a failed upload (which has its own toast) must not
  // turn that into 'Не удалось создать пользователя', so the name is saved without the avatar.
  const imageId = input.uploadAvatar ? await input.uploadAvatar().catch(() => undefined) : undefined;
  await deps.updateProfile(created.id, {
    name: input.name.trim(),
    ...(imageId !== undefined ? { image_id: imageId } : {}),
  });
  return { status: 'created', userId: created.id };
}

export function useCreateUser() {
  const t = useText(adminUsersTexts);
  return useApiMutation({
    mutationFn: (input: CreateUserInput) => createUser(input),
    // Spec section 8's text, unless the server refused with a reason the admin can act on (decision 0051).
    failureToast: t(CREATE_USER_MESSAGES.failed),
    // A warning (bad or taken e-mail) stops the flow and changes nothing: the form says it under the
    // e-mail field, not in a toast (issue 34, rule 5).
    successToast: (outcome) => (outcome.status === 'created' ? t(CREATE_USER_MESSAGES.invited) : ''),
    invalidates: (outcome) =>
      outcome.status === 'created' ? [...profileKeys.accounts, ...adminKeys.counts] : [],
  });
}
