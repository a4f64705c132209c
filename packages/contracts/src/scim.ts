import { z } from 'zod';
import { EmailSchema, envelope, TimestampSchema } from './common';
import { says, text, textId } from './i18n/text';

// SCIM 2.0 provisioning (issue 30; RFC 7643 and 7644; docs/decisions/0286–0289). The organization's token
// is made in its settings (the envelope, like every settings call); the calls under /scim/v2 answer in
// SCIM's own shapes (application/scim+json, errors urn:ietf:params:scim:api:messages:2.0:Error).

export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_MEDIA_TYPE = 'application/scim+json';
export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
export const SCIM_SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
export const SCIM_RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
/** A SCIM token: `cab_scim_` and 40 base62 characters; its first 13 characters are shown in settings. */
export const SCIM_TOKEN_PREFIX = 'cab_scim_';
/** Users of one page at most (`count`), as ServiceProviderConfig's filter.maxResults says. */
export const SCIM_PAGE_MAX = 100;

/** What the settings and SCIM's 403 say while the owner's plan has no SSO (issue 30: "the screen says why"). */
export const SCIM_UNAVAILABLE = textId(
  'Тариф владельца организации не включает «Единый вход (SSO) и SCIM»: SCIM заработает, когда владелец перейдёт на такой тариф',
);

// — Settings: the organization's token (owner, organization admins and site admins; never an access token).

export const ScimTokenStatusSchema = z.object({
  /** Whether the organization has a token now (only its HMAC is kept; the token itself is never shown again). */
  exists: z.boolean(),
  /** 'cab_scim_AbCd', to tell tokens apart; null without one. */
  prefix: z.string().nullable(),
  created_at: TimestampSchema.nullable(),
  /** The last SCIM call made with it (written at most once a minute); null: never used. */
  last_used_at: TimestampSchema.nullable(),
  /** The owner's plan in force has SSO and SCIM: without it every SCIM call answers 403. */
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  /** `<PUBLIC_URL>/scim/v2`: what the identity provider is given as the SCIM base URL. */
  base_url: z.string(),
});
export type ScimTokenStatus = z.infer<typeof ScimTokenStatusSchema>;
export const ScimTokenStatusResponseSchema = envelope(ScimTokenStatusSchema);

/** The creation's answer: the status and, this once, the token. */
export const ScimTokenCreatedSchema = ScimTokenStatusSchema.extend({ token: z.string() });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreatedSchema>;
export const ScimTokenCreatedResponseSchema = envelope(ScimTokenCreatedSchema);

// — SCIM requests. Attributes this service does not keep (externalId, title, enterprise extension…) are
// accepted and ignored (RFC 7644 §3.5.1: readOnly and unknown input is not an error).

const scimText = (max: number) => z.string().max(max, says('Не более {max} символов', { max })).nullish();

/** true/false, and "True"/"False" as some providers send them (Microsoft Entra ID). */
export const ScimBooleanSchema = z.union([z.boolean(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'boolean') return value;
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  ctx.addIssue({ code: 'custom', message: text('Ожидается true или false') });
  return z.NEVER;
});

export const ScimNameSchema = z.looseObject({
  formatted: scimText(256),
  givenName: scimText(256),
  familyName: scimText(256),
});

/** POST /Users and PUT /Users/{id}: userName (the e-mail) is required; name, displayName and active are read. */
export const ScimUserInputSchema = z.looseObject({
  schemas: z.array(z.string().max(256)).max(20).optional(),
  userName: EmailSchema,
  name: ScimNameSchema.nullish(),
  displayName: scimText(256),
  active: ScimBooleanSchema.optional(),
});
export type ScimUserInput = z.output<typeof ScimUserInputSchema>;

export const ScimPatchOperationSchema = z.looseObject({
  op: z
    .string(says('op: обязательное поле'))
    .transform((op) => op.toLowerCase())
    .pipe(z.enum(['add', 'replace', 'remove'], says('op: ожидается add, replace или remove'))),
  path: z
    .string()
    .max(512, says('Не более {max} символов', { max: 512 }))
    .optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.output<typeof ScimPatchOperationSchema>;

export const ScimPatchRequestSchema = z.looseObject({
  schemas: z.array(z.string().max(256)).max(20).optional(),
  Operations: z
    .array(ScimPatchOperationSchema, says('Operations: ожидается список операций'))
    .min(1, says('Operations: нужна хотя бы одна операция'))
    .max(50, says('Operations: не более 50 операций')),
});

const scimInteger = z
  .string()
  .regex(/^-?\d{1,9}$/, says('Ожидается целое число'))
  .transform(Number);

/** GET /Users: filter, startIndex (from 1) and count; attributes and sorting are accepted and not applied. */
export const ScimListQuerySchema = z.looseObject({
  filter: z
    .string()
    .max(1024, says('Не более {max} символов', { max: 1024 }))
    .optional(),
  startIndex: scimInteger.optional(),
  count: scimInteger.optional(),
});

export const ScimUserParamsSchema = z
  .object({ id: z.string().max(64, says('Не более {max} символов', { max: 64 })) })
  .strict();

// — SCIM answers.

const SchemasSchema = z.array(z.string());
const ScimMetaSchema = z.object({
  resourceType: z.string(),
  created: z.string().optional(),
  lastModified: z.string().optional(),
  location: z.string(),
});

/** A member as SCIM sees them: id is our user id as a string, userName the e-mail, one name split in two. */
export const ScimUserSchema = z.object({
  schemas: SchemasSchema,
  id: z.string(),
  userName: z.string(),
  name: z.object({ formatted: z.string(), givenName: z.string(), familyName: z.string() }),
  displayName: z.string(),
  active: z.boolean(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  meta: ScimMetaSchema,
});
export type ScimUser = z.infer<typeof ScimUserSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    schemas: SchemasSchema,
    totalResults: z.number().int(),
    startIndex: z.number().int(),
    itemsPerPage: z.number().int(),
    Resources: z.array(item),
  });

export const ScimUserListSchema = listOf(ScimUserSchema);
export type ScimUserList = z.infer<typeof ScimUserListSchema>;

/** Every SCIM failure: status as a string, scimType where RFC 7644 §3.12 has one, detail in Russian. */
export const ScimErrorSchema = z.object({
  schemas: SchemasSchema,
  status: z.string(),
  scimType: z.string().optional(),
  detail: z.string(),
});
export type ScimErrorBody = z.infer<typeof ScimErrorSchema>;

const Supported = z.object({ supported: z.boolean() });

export const ScimServiceProviderConfigSchema = z.object({
  schemas: SchemasSchema,
  documentationUri: z.string(),
  patch: Supported,
  bulk: Supported.extend({ maxOperations: z.number().int(), maxPayloadSize: z.number().int() }),
  filter: Supported.extend({ maxResults: z.number().int() }),
  changePassword: Supported,
  sort: Supported,
  etag: Supported,
  authenticationSchemes: z.array(
    z.object({
      type: z.string(),
      name: z.string(),
      description: z.string(),
      documentationUri: z.string(),
      primary: z.boolean(),
    }),
  ),
  meta: ScimMetaSchema,
});
export type ScimServiceProviderConfig = z.infer<typeof ScimServiceProviderConfigSchema>;

const attributeFields = {
  name: z.string(),
  type: z.string(),
  multiValued: z.boolean(),
  description: z.string(),
  required: z.boolean(),
  caseExact: z.boolean(),
  mutability: z.string(),
  returned: z.string(),
  uniqueness: z.string(),
};
/** An attribute of RFC 7643 §7, with one level of sub-attributes (all the User schema here needs). */
export const ScimAttributeSchema = z.object({
  ...attributeFields,
  subAttributes: z.array(z.object(attributeFields)).optional(),
});
export type ScimAttribute = z.infer<typeof ScimAttributeSchema>;

export const ScimSchemaListSchema = listOf(
  z.object({
    schemas: SchemasSchema,
    id: z.string(),
    name: z.string(),
    description: z.string(),
    attributes: z.array(ScimAttributeSchema),
    meta: ScimMetaSchema,
  }),
);

export const ScimResourceTypeListSchema = listOf(
  z.object({
    schemas: SchemasSchema,
    id: z.string(),
    name: z.string(),
    endpoint: z.string(),
    description: z.string(),
    schema: z.string(),
    schemaExtensions: z.array(z.object({ schema: z.string(), required: z.boolean() })),
    meta: ScimMetaSchema,
  }),
);
