import { z } from 'zod';
import { LoginCodeSchema } from './auth';
import {
  cleanText,
  EmailSchema,
  envelope,
  IdSchema,
  listEnvelope,
  nameText,
  PaginationQuerySchema,
  SearchTextSchema,
} from './common';
import { FileSchema } from './files';
import { LocaleSchema } from './i18n/locale-schema';
import { says, textId } from './i18n/text';
import { NAME_MAX, NAME_MIN } from './limits';
import { PlanSchema } from './plans';

export const UserTypeSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

/** A membership as the profile carries it (org_members). */
export const ProfileMembershipSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  type_id: z.number().int(),
  status: z.enum(['active', 'pending']),
});

/** User / profile, spec section 3, plus the plan's end date (product-decisions, Plans and payments). */
export const ProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  /**
   * A new address waiting for the code mailed to it (docs/decisions/0085-email-change-proof.md); null when
   * no change is pending. Until it is confirmed, `email` stays the address in force.
   */
  pending_email: z.string().nullable(),
  /** Avatars; the first is the avatar. */
  files: z.array(FileSchema),
  org_members: z.array(ProfileMembershipSchema),
  subscribe: PlanSchema,
  subscribe_id: z.number().int(),
  subscribe_expires_at: z.string().nullable(),
  /**
   * The end of the grace period while the paid plan has ended but is still kept (decision 0153); null
   * otherwise. During it `subscribe` is still the paid plan.
   */
  subscribe_grace_until: z.string().nullable(),
  type_id: z.number().int(),
  type: UserTypeSchema,
  is_admin: z.boolean(),
  blocked: z.boolean(),
  /**
   * The account's language: the cabinet's, its answers' and its mails' (issue 32, decision 0302). An answer
   * without it (an older server) reads as Russian.
   */
  locale: LocaleSchema.default('ru'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** User name of spec section 5: required, 2 to 40 characters, with the spec's messages. */
export const UserNameSchema = cleanText(
  nameText(textId('Имя не должно содержать переносов строк и управляющих символов'))
    .trim()
    .min(1, says('Обязательное поле'))
    .min(NAME_MIN, says('Имя должно содержать минимум {min} символа', { min: NAME_MIN }))
    .max(NAME_MAX, says('Имя не должно превышать {max} символов', { max: NAME_MAX })),
);

/** E-mail of a profile (spec section 5): required, valid, trimmed and lower-cased. */
export const ProfileEmailSchema = EmailSchema;

/**
 * PUT /profile/update/{id}. Every field is optional (the web sends all three; a partial body changes only
 * what it names). image_id null removes the avatar; a number must be the caller's own JPEG/PNG image.
 * A new e-mail of one's own waits for the code mailed to it; an admin changes someone else's directly.
 * See docs/decisions/0041-profile-update.md and 0085-email-change-proof.md.
 */
export const ProfileUpdateRequestSchema = z
  .object({
    name: UserNameSchema.optional(),
    email: ProfileEmailSchema.optional(),
    image_id: IdSchema.nullable().optional(),
    /** 'Язык / Language' of the profile. */
    locale: LocaleSchema.optional(),
  })
  .strict();
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequestSchema>;

/** `email` is the address in force; `pending_email` the one waiting for its code (null: none). */
export const ProfileUpdateResultSchema = z.object({
  name: z.string(),
  email: z.string(),
  pending_email: z.string().nullable(),
});
export const ProfileUpdateResponseSchema = envelope(ProfileUpdateResultSchema);
export type ProfileUpdateResult = z.infer<typeof ProfileUpdateResultSchema>;

/** POST /profile/confirm-email: the code mailed to the new address (a number or a string, as at sign-in). */
export const EmailConfirmRequestSchema = z.object({ code: LoginCodeSchema }).strict();
export type EmailConfirmRequest = z.input<typeof EmailConfirmRequestSchema>;

/** The code field of the profile screen: six digits. */
export const EmailConfirmFormSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, says('Код должен состоять из 6 цифр')),
});
export type EmailConfirmForm = z.input<typeof EmailConfirmFormSchema>;

/** The profile form of the web (profile settings and admin user settings): name and e-mail are required. */
export const ProfileFormSchema = z.object({ name: UserNameSchema, email: ProfileEmailSchema });
export type ProfileForm = z.input<typeof ProfileFormSchema>;

/**
 * GET /profile/list and /profile/search. include_org_id: only active members of that organization;
 * exclude_org_id: users with no membership (active or pending) in it. See docs/decisions/0040-user-lists.md.
 */
export const UserListQuerySchema = PaginationQuerySchema.extend({
  include_org_id: IdSchema.optional(),
  exclude_org_id: IdSchema.optional(),
  search: SearchTextSchema.optional(),
}).strict();
export type UserListQuery = z.input<typeof UserListQuerySchema>;

/** A user as profile/list shows them. */
export const UserListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** null: the account has not confirmed its e-mail yet (never signed in with a code). */
  email_verified_at: z.string().nullable(),
  type_id: z.number().int(),
  type: UserTypeSchema,
  /** The plan in force (a lapsed plan is 'Базовый'). */
  subscribe_id: z.number().int(),
  avatar_url: z.string().nullable(),
  /** Shown to admins; always false for everyone else. */
  blocked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserListItem = z.infer<typeof UserListItemSchema>;
export const UserListResponseSchema = listEnvelope(UserListItemSchema);

/** User search result, spec section 3. */
export const UserSearchItemSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
export type UserSearchItem = z.infer<typeof UserSearchItemSchema>;
export const UserSearchResponseSchema = listEnvelope(UserSearchItemSchema);

/**
 * GET /profile/delete-preview/{id}: the organizations the account owns. Those without other active members
 * go with the account; one with `has_other_members` must be transferred or deleted first (the delete call
 * answers 409 naming it; decision 0134).
 */
export const AccountDeletePreviewSchema = z.object({
  organizations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      members_count: z.number().int(),
      has_other_members: z.boolean(),
    }),
  ),
});
export type AccountDeletePreview = z.infer<typeof AccountDeletePreviewSchema>;
export const AccountDeletePreviewResponseSchema = envelope(AccountDeletePreviewSchema);
