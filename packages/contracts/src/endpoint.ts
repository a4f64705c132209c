import type { z } from 'zod';

/**
 * One call of the API, as data (docs/architecture.md, "The endpoint table"). The API registers its route
 * from this entry (validation, serialisation, who may call it, the OpenAPI operation); the web addresses
 * and types its fetcher by it. A module adds only the handler.
 */

/**
 * Who may call: `anonymous` (no session needed; a handler may still read one), `user` (any signed-in
 * account, admins included) or `admin` (site admins, user type 2). Finer rules (the organization's owner,
 * one's own profile) are the service's, and are listed in docs/authorization.
 */
export type Role = 'anonymous' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointDefinition {
  method: HttpMethod;
  /** Full path with OpenAPI-style parameters: '/api/v1/rest/organizations/{id}'. */
  path: string;
  summary: string;
  description?: string;
  /** OpenAPI tag: the area. */
  tag: string;
  roles: readonly Role[];
  /**
   * Whether a token (a personal access token or a device grant's token) may call it (issue 29, decision
   * 0216). Closed unless the row says true; never on an admin call. A 'read' token reaches GET and HEAD only.
   */
  tokens?: boolean;
  /**
   * A credential of the call's own instead of a session: 'scim-token', the organization's SCIM bearer token
   * (issue 30), checked by its module. Such a row is `roles: ['anonymous']`, since no session is read.
   */
  auth?: 'scim-token';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON envelope of a success; null for answers that are not JSON (a file, an HTML page). */
  response: z.ZodType | null;
  /**
   * Status of a success, 200 unless it creates something a client addresses afterwards (201) or a protocol
   * answers a deletion with no body (204, SCIM).
   */
  status?: 200 | 201 | 204;
  /** Body media type when it is not JSON. */
  consumes?: 'application/x-www-form-urlencoded' | 'multipart/form-data';
  /** Answer media type when it is not JSON. */
  produces?: string;
  /**
   * Largest body in bytes, when the call needs more than DEFAULT_BODY_LIMIT (or, a provider's call, less).
   * An anonymous call is never given more than ANONYMOUS_BODY_LIMIT (decision 0192).
   */
  bodyLimit?: number;
}

/** Keeps the literal types of an entry (method, path, schemas) for the API's handlers and the web's calls. */
export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint;

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the handler receives, after validation. */
export type EndpointParams<E extends EndpointDefinition> = Output<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = Output<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = Output<E['body']>;
/** What a client sends. */
export type EndpointParamsInput<E extends EndpointDefinition> = Input<E['params']>;
export type EndpointQueryInput<E extends EndpointDefinition> = Input<E['query']>;
export type EndpointBodyInput<E extends EndpointDefinition> = Input<E['body']>;
/** The success envelope as the handler builds it and as a client reads it. */
export type EndpointResponse<E extends EndpointDefinition> = Output<E['response']>;

/** '/api/v1/rest/organizations/{id}' with {id: 7} → '/api/v1/rest/organizations/7' (each value escaped). */
export function endpointPath(
  endpoint: Pick<EndpointDefinition, 'path'>,
  params: Record<string, string | number> = {},
): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}
