import { z } from 'zod';
import {
  cleanText,
  envelope,
  IdSchema,
  listEnvelope,
  MessageResponseSchema,
  NAME_CHARACTERS,
  nameText,
  PaginationQuerySchema,
  SearchTextSchema,
  SortOrderSchema,
} from './common';
import { FileSchema } from './files';
import { says } from './i18n/text';
import { AssignableMemberTypeSchema } from './invitations';
import { MEMBER_TYPE_MEMBER, NAME_MAX, NAME_MIN } from './limits';
import { TransferSchema } from './transfers';

// Organizations and members (spec sections 3, 5; product-decisions "Organizations and members"). The
// desktop collaborator calls' bodies are in desktop.ts.

export const MemberStatusSchema = z.enum(['active', 'pending']);
export type MemberStatus = z.infer<typeof MemberStatusSchema>;

/** Organization type or member type as it is embedded in an entity. */
export const TypeRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TypeRef = z.infer<typeof TypeRefSchema>;

/** A reference list item (organization type, member type), spec section 3. */
export const ReferenceTypeSchema = TypeRefSchema.extend({ created_at: z.string(), updated_at: z.string() });
export type ReferenceType = z.infer<typeof ReferenceTypeSchema>;

/** Account of a member: enough to show a name, a login and an avatar. */
export const MemberAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
});
export type MemberAccount = z.infer<typeof MemberAccountSchema>;

/** Organization member, spec section 3. */
export const MemberSchema = z.object({
  id: z.number().int(),
  account: MemberAccountSchema,
  account_id: z.number().int(),
  organization_id: z.number().int(),
  type_id: z.number().int(),
  type: TypeRefSchema,
  status: MemberStatusSchema,
  /** Encrypted key blob the desktop app stored with finish-adding. */
  public_key: z.string().nullable(),
  auto_linked: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

/** One face of the avatar stack in the organizations list. */
export const MemberPreviewSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  type_id: z.number().int(),
  status: MemberStatusSchema,
});
export type MemberPreview = z.infer<typeof MemberPreviewSchema>;

/** How many member previews a list item carries (the stack shows 4 and '+N'). */
export const MEMBER_PREVIEW_COUNT = 5;

const organizationBase = {
  id: z.number().int(),
  name: z.string(),
  type: TypeRefSchema,
  type_id: z.number().int(),
  owner_id: z.number().int(),
  /** The caller owns it. */
  is_your: z.boolean(),
  /** Active and pending members, the owner included. */
  members_count: z.number().int(),
  /** The owner's plan max_members minus members_count minus open invitations, never below 0 (decision 0131). */
  remaining_members: z.number().int(),
  /** [avatar] or []: files[0] is the avatar. */
  files: z.array(FileSchema),
  created_at: z.string(),
  updated_at: z.string(),
};

/** An item of the caller's organizations list: the first members only, for the avatar stack. */
export const OrganizationListItemSchema = z.object({
  ...organizationBase,
  members: z.array(MemberPreviewSchema),
});
export type OrganizationListItem = z.infer<typeof OrganizationListItemSchema>;

export const OrganizationOwnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});

/** An item of the admin list of all organizations: with the owner. */
export const AdminOrganizationListItemSchema = OrganizationListItemSchema.extend({
  owner: OrganizationOwnerSchema,
});
export type AdminOrganizationListItem = z.infer<typeof AdminOrganizationListItemSchema>;

/** One organization (GET /{id}): every member, owner first, and the open ownership offer (or null). */
export const OrganizationSchema = z.object({
  ...organizationBase,
  members: z.array(MemberSchema),
  transfer: TransferSchema.nullable(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

// ---- Requests ----

/** Organization name with the spec's messages (section 5); control characters are refused. */
export const OrganizationNameSchema = cleanText(
  nameText(NAME_CHARACTERS)
    .trim()
    .min(1, says('Обязательное поле'))
    .min(NAME_MIN, says('Название должно содержать минимум 2 символа'))
    .max(NAME_MAX, says('Название не должно превышать 40 символов')),
);

const SortDirectionSchema = z.enum(['asc', 'desc', ''], says('Ожидается asc или desc'));

/**
 * The spec's sort keys: sort_by[created_at], sort_by[notification_type_id] (the organization type),
 * sort_by[title] and sort_by[text] (both the name), each asc|desc (empty: take `order`). Any other query
 * key, an unknown sort key included, is a 400.
 */
export const OrganizationListQuerySchema = PaginationQuerySchema.extend({
  search: SearchTextSchema.optional(),
  'sort_by[created_at]': SortDirectionSchema.optional(),
  'sort_by[notification_type_id]': SortDirectionSchema.optional(),
  'sort_by[title]': SortDirectionSchema.optional(),
  'sort_by[text]': SortDirectionSchema.optional(),
  order: SortOrderSchema.optional(),
}).strict();
export type OrganizationListQuery = z.input<typeof OrganizationListQuerySchema>;

/** The admin list also filters by a user: organizations they own or are an active member of. */
export const AdminOrganizationListQuerySchema = OrganizationListQuerySchema.extend({
  user_id: IdSchema.optional(),
}).strict();
export type AdminOrganizationListQuery = z.input<typeof AdminOrganizationListQuerySchema>;

export const OrganizationListResponseSchema = listEnvelope(OrganizationListItemSchema);
export const AdminOrganizationListResponseSchema = listEnvelope(AdminOrganizationListItemSchema);
export const OrganizationResponseSchema = envelope(OrganizationSchema);

/** Member type in a body: the web sends '2' as a string, the desktop a number. */
const MemberTypeIdSchema = IdSchema;

export const OrganizationMemberInputSchema = z.object({ id: IdSchema, type: MemberTypeIdSchema }).strict();

export const CreateOrganizationSchema = z
  .object({
    name: OrganizationNameSchema,
    type: IdSchema,
    image_id: IdSchema.nullable().optional(),
    /** Admins only: the first becomes the owner, the others members. */
    members: z.array(OrganizationMemberInputSchema).min(1).max(99).optional(),
  })
  .strict();
export type CreateOrganizationRequest = z.input<typeof CreateOrganizationSchema>;

export const UpdateOrganizationSchema = z
  .object({
    name: OrganizationNameSchema,
    type: IdSchema,
    /** Absent: keep the avatar; null: remove it. */
    image_id: IdSchema.nullable().optional(),
  })
  .strict();
export type UpdateOrganizationRequest = z.input<typeof UpdateOrganizationSchema>;

/** Organization form of the web (create and settings), with the spec's messages. */
export const OrganizationFormSchema = z.object({
  name: OrganizationNameSchema,
  type: z.number(says('Обязательное поле')).int().positive(says('Обязательное поле')),
  imageId: z.number().int().positive().nullable().optional(),
});
export type OrganizationForm = z.infer<typeof OrganizationFormSchema>;

const onlyMemberType = MemberTypeIdSchema.refine(
  (t) => t === MEMBER_TYPE_MEMBER,
  says('Можно назначить только тип «Участник» (2): передача владения не выполняется этим запросом'),
);

export const AddMemberSchema = z.object({ user_id: IdSchema, type: onlyMemberType.optional() }).strict();
export type AddMemberRequest = z.input<typeof AddMemberSchema>;

export const MemberUserSchema = z.object({ user_id: IdSchema }).strict();
export type MemberUserRequest = z.input<typeof MemberUserSchema>;

/** 2 'Участник' or 3 'Администратор' (only the owner and site admins assign 3); never the owner's 1. */
export const UpdateMemberTypeSchema = z
  .object({ user_id: IdSchema, type: AssignableMemberTypeSchema })
  .strict();
export type UpdateMemberTypeRequest = z.input<typeof UpdateMemberTypeSchema>;

export const MemberResponseSchema = envelope(MemberSchema);
export const OrganizationMessageResponseSchema = MessageResponseSchema;

/** Who asked for a join request (the member who called finish-adding), shown to the owner. */
export const JoinRequesterSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type JoinRequester = z.infer<typeof JoinRequesterSchema>;

/** A join request (pending member) in 'Запросы на вступление'. */
export const PendingUserSchema = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  account: MemberAccountSchema,
  /** null: the request came another way, or the account that asked is gone. */
  requested_by: JoinRequesterSchema.nullable(),
  created_at: z.string(),
});
export type PendingUser = z.infer<typeof PendingUserSchema>;
export const PendingUsersQuerySchema = PaginationQuerySchema.strict();
export const PendingUsersResponseSchema = listEnvelope(PendingUserSchema);

export const TypeListQuerySchema = PaginationQuerySchema.extend({
  name: SearchTextSchema.optional(),
}).strict();
export type TypeListQuery = z.input<typeof TypeListQuerySchema>;
export const TypeListResponseSchema = listEnvelope(ReferenceTypeSchema);

/** Invite field of 'Управление участниками' (spec section 5). */
export const InviteEmailFormSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((s) => s === '' || s.includes('@'), says('Введите корректный email адрес')),
});
