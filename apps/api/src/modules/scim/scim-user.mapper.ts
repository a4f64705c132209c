import {
  hasAnyControlCharacter,
  INT32_MAX,
  SCIM_BASE_PATH,
  SCIM_USER_SCHEMA,
  type ScimUser,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { ScimError } from '../../lib/scim-error';

// A member as a SCIM User (issue 30, decision 0288). We keep one name per account (40 characters), so the
// SCIM name is that name split at its first space: givenName before it, familyName after; displayName and
// name.formatted are the whole name. Coming in, displayName wins, then name.formatted, then the two parts.

/** The columns a SCIM User is made of. */
export const scimMemberSelect = {
  typeId: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { id: true, email: true, name: true, updatedAt: true } },
} as const;

export interface ScimMemberRow {
  typeId: number;
  createdAt: Date;
  updatedAt: Date;
  user: { id: number; email: string; name: string; updatedAt: Date };
}

const NAME_MAX = 40;

export function splitName(name: string): { givenName: string; familyName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return { givenName: trimmed, familyName: '' };
  return { givenName: trimmed.slice(0, space), familyName: trimmed.slice(space + 1).trim() };
}

export const scimUserLocation = (publicUrl: string, userId: number) =>
  `${publicUrl}${SCIM_BASE_PATH}/Users/${userId}`;

/** The SCIM User of a membership; `active` is false only in the answer that just removed it. */
export function toScimUser(row: ScimMemberRow, publicUrl: string, active = true): ScimUser {
  const { user } = row;
  const lastModified = new Date(Math.max(user.updatedAt.getTime(), row.updatedAt.getTime()));
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: String(user.id),
    userName: user.email,
    name: { formatted: user.name, ...splitName(user.name) },
    displayName: user.name,
    active,
    emails: [{ value: user.email, type: 'work', primary: true }],
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: lastModified.toISOString(),
      location: scimUserLocation(publicUrl, user.id),
    },
  };
}

export interface ScimNameInput {
  displayName?: string | null;
  name?: { formatted?: string | null; givenName?: string | null; familyName?: string | null } | null;
}

/**
 * The account name a SCIM body asks for, or null when it names none. Whitespace runs become one space and
 * the name is cut to 40 characters (what an account holds); a control character is refused, as everywhere.
 */
export function nameFromInput(input: ScimNameInput): string | null {
  const parts = [input.name?.givenName ?? '', input.name?.familyName ?? ''];
  const candidates = [input.displayName, input.name?.formatted, parts.join(' ')];
  const chosen = candidates.find((value) => typeof value === 'string' && value.trim() !== '');
  if (chosen === undefined || chosen === null) return null;
  if (hasAnyControlCharacter(chosen)) {
    throw new ScimError(
      400,
      text('Имя не должно содержать переносов строк и управляющих символов'),
      'invalidValue',
    );
  }
  return chosen.trim().replace(/\s+/g, ' ').slice(0, NAME_MAX).trim();
}

/** A resource id of the path: our user id as digits; anything else is simply not found. */
export function userIdOf(id: string): number {
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > INT32_MAX) {
    throw new ScimError(404, text('Пользователь не найден'));
  }
  return Number(id);
}
