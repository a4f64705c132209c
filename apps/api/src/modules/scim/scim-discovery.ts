import {
  SCIM_BASE_PATH,
  SCIM_CONFIG_SCHEMA,
  SCIM_LIST_SCHEMA,
  SCIM_PAGE_MAX,
  SCIM_RESOURCE_TYPE_SCHEMA,
  SCIM_SCHEMA_SCHEMA,
  SCIM_USER_SCHEMA,
  type ScimAttribute,
  type ScimServiceProviderConfig,
} from '@cabinet/contracts';

// What a provider reads to learn this service (RFC 7644 §4; decision 0288): exactly what the Users calls do.
// PATCH and filters yes; bulk, sort, ETag and password changes no; one resource type, User, whose schema
// lists only the attributes we keep (others are accepted and ignored).

type Kind = Pick<ScimAttribute, 'type' | 'mutability' | 'required' | 'caseExact' | 'uniqueness'>;

const attribute = (name: string, description: string, kind: Partial<Kind> = {}): ScimAttribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...kind,
});

const USER_ATTRIBUTES: ScimAttribute[] = [
  attribute('userName', "The member's e-mail, lower case; the account's address, never changed by SCIM.", {
    required: true,
    mutability: 'immutable',
    uniqueness: 'server',
  }),
  {
    ...attribute('name', 'One account name (40 characters), split at its first space.', { type: 'complex' }),
    subAttributes: [
      attribute('formatted', 'The whole name.'),
      attribute('givenName', 'The name before its first space.'),
      attribute('familyName', 'The name after its first space.'),
    ],
  },
  attribute('displayName', 'The whole name; wins over name when both are sent.'),
  attribute('active', 'false (PUT or PATCH) ends the membership, as DELETE does.', { type: 'boolean' }),
  {
    ...attribute('emails', 'The account e-mail, as userName; values sent are ignored.', {
      type: 'complex',
      mutability: 'readOnly',
    }),
    multiValued: true,
    subAttributes: [
      attribute('value', 'The e-mail.', { mutability: 'readOnly' }),
      attribute('type', "Always 'work'.", { mutability: 'readOnly' }),
      attribute('primary', 'Always true.', { type: 'boolean', mutability: 'readOnly' }),
    ],
  },
];

const meta = (publicUrl: string, resourceType: string, path: string) => ({
  resourceType,
  location: `${publicUrl}${SCIM_BASE_PATH}${path}`,
});

export function serviceProviderConfig(publicUrl: string): ScimServiceProviderConfig {
  return {
    schemas: [SCIM_CONFIG_SCHEMA],
    documentationUri: `${publicUrl}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_PAGE_MAX },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: "The organization's SCIM token (cab_scim_…), made in the organization's settings.",
        documentationUri: `${publicUrl}/api/docs`,
        primary: true,
      },
    ],
    meta: meta(publicUrl, 'ServiceProviderConfig', '/ServiceProviderConfig'),
  };
}

const list = <T>(resources: T[]) => ({
  schemas: [SCIM_LIST_SCHEMA],
  totalResults: resources.length,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const scimSchemas = (publicUrl: string) =>
  list([
    {
      schemas: [SCIM_SCHEMA_SCHEMA],
      id: SCIM_USER_SCHEMA,
      name: 'User',
      description: 'A member of the organization',
      attributes: USER_ATTRIBUTES,
      meta: meta(publicUrl, 'Schema', `/Schemas/${SCIM_USER_SCHEMA}`),
    },
  ]);

export const scimResourceTypes = (publicUrl: string) =>
  list([
    {
      schemas: [SCIM_RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A member of the organization',
      schema: SCIM_USER_SCHEMA,
      schemaExtensions: [],
      meta: meta(publicUrl, 'ResourceType', '/ResourceTypes/User'),
    },
  ]);
