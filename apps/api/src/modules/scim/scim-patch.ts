import { SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA, ScimBooleanSchema, type ScimUser } from '@cabinet/contracts';
import { type ScimPatchOperation as LibraryOperation, type ScimResource, scimPatch } from 'scim-patch';
import { tr } from '../../lib/i18n';
import { ScimError } from '../../lib/scim-error';
import { nameFromInput, splitName } from './scim-user.mapper';

// PATCH /Users/{id} (RFC 7644 §3.5.2; decision 0288): the operations are applied by scim-patch to the User
// as we show it, then we read back what changed. Before that, every path and every key of a path-less value
// is put in its canonical spelling (attribute names are case-insensitive, the core schema's URN may prefix
// them), and operations on attributes we do not keep (externalId, title, the enterprise extension…) are
// dropped, as PUT ignores them: a provider's full mapping then works without errors.

export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: string | undefined;
  value?: unknown;
}

/** Lower-case names of the attributes we keep → their canonical spelling. */
const KEPT: Record<string, string> = {
  active: 'active',
  displayname: 'displayName',
  username: 'userName',
  name: 'name',
  'name.formatted': 'name.formatted',
  'name.givenname': 'name.givenName',
  'name.familyname': 'name.familyName',
};
const NAME_PARTS: Record<string, string> = {
  formatted: 'formatted',
  givenname: 'givenName',
  familyname: 'familyName',
};

const URN_PREFIX = `${SCIM_USER_SCHEMA.toLowerCase()}:`;

/** 'urn:…:User:Name.GivenName' → 'name.givenName'; null for an attribute we do not keep. */
function canonicalPath(path: string): string | null {
  let lower = path.trim().toLowerCase();
  if (lower.startsWith(URN_PREFIX)) lower = lower.slice(URN_PREFIX.length);
  return KEPT[lower] ?? null;
}

/** A `name` object with its keys spelled canonically and others dropped. */
function canonicalName(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(value)) {
    const known = NAME_PARTS[key.toLowerCase()];
    if (known) out[known] = part;
  }
  return out;
}

/** A path-less add / replace value: {active: false, 'name.givenName': 'Иван', …} in canonical keys. */
function canonicalValue(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ScimError(
      400,
      tr('Операция без path должна передавать объект атрибутов в value'),
      'invalidValue',
    );
  }
  const out: Record<string, unknown> = {};
  for (const [key, part] of Object.entries(value)) {
    const path = canonicalPath(key);
    // name: {givenName} becomes name.givenName, so the parts it does not name stay (RFC 7644 §3.5.2.3).
    if (path === 'name' && typeof part === 'object' && part !== null && !Array.isArray(part)) {
      for (const [sub, subValue] of Object.entries(canonicalName(part) as object))
        out[`name.${sub}`] = subValue;
    } else if (path) out[path] = part;
  }
  return out;
}

function normalize(operations: PatchOperation[]): LibraryOperation[] {
  const kept: LibraryOperation[] = [];
  for (const { op, path, value } of operations) {
    if (path === undefined || path.trim() === '') {
      if (op === 'remove') throw new ScimError(400, tr('Для remove нужен path'), 'noTarget');
      kept.push({ op, value: canonicalValue(value) });
      continue;
    }
    if (/[[\]]/.test(path)) continue; // emails[type eq "work"].value and other lists: not kept here
    const canonical = canonicalPath(path);
    if (!canonical) continue;
    const input = canonical === 'name' ? canonicalName(value) : value;
    kept.push(op === 'remove' ? { op, path: canonical } : { op, path: canonical, value: input });
  }
  return kept;
}

/** What a patch asks of the member: a new name, leaving (active false), or a userName it may not change. */
export interface PatchOutcome {
  name: string | null;
  active: boolean;
  userName: string;
}

/** The User after the patch, and what we must do for it. Throws SCIM errors in Russian. */
export function applyScimPatch(
  current: ScimUser,
  schemas: string[] | undefined,
  operations: PatchOperation[],
): PatchOutcome {
  if (schemas && !schemas.includes(SCIM_PATCH_SCHEMA)) {
    throw new ScimError(
      400,
      tr('schemas: ожидается {schema}', { schema: SCIM_PATCH_SCHEMA }),
      'invalidSyntax',
    );
  }
  // The library's document: our User with its meta's dates as it types them (nothing reads them back).
  const document: ScimResource & Record<string, unknown> = {
    ...current,
    meta: { created: new Date(0), lastModified: new Date(0) },
  };
  let patched: Record<string, unknown>;
  try {
    patched = scimPatch(document, normalize(operations), { mutateDocument: false, treatMissingAsAdd: true });
  } catch (error) {
    if (error instanceof ScimError) throw error;
    throw new ScimError(
      400,
      tr('Операцию PATCH нельзя применить к пользователю: проверьте path и value'),
      'invalidValue',
    );
  }
  const active = patched.active === undefined ? true : ScimBooleanSchema.safeParse(patched.active);
  if (typeof active !== 'boolean' && !active.success) {
    throw new ScimError(400, tr('active: ожидается true или false'), 'invalidValue');
  }
  const userName =
    typeof patched.userName === 'string' ? patched.userName.trim().toLowerCase() : current.userName;
  return {
    name: changedName(current, patched),
    active: typeof active === 'boolean' ? active : active.data,
    userName,
  };
}

/** The account name the patch leaves, or null when it touched no name attribute. */
function changedName(before: ScimUser, after: Record<string, unknown>): string | null {
  const text = (value: unknown) => {
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    throw new ScimError(400, tr('Имя пользователя должно быть строкой'), 'invalidValue');
  };
  const afterName = (typeof after.name === 'object' && after.name !== null ? after.name : {}) as Record<
    string,
    unknown
  >;
  if (text(after.displayName) !== before.displayName)
    return nameFromInput({ displayName: text(after.displayName) }) ?? '';
  if (text(afterName.formatted) !== before.name.formatted) {
    return nameFromInput({ name: { formatted: text(afterName.formatted) } }) ?? '';
  }
  const given = text(afterName.givenName);
  const family = text(afterName.familyName);
  const split = splitName(before.displayName);
  if (given === split.givenName && family === split.familyName) return null;
  return nameFromInput({ name: { givenName: given, familyName: family } }) ?? '';
}
