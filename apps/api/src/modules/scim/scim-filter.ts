import { INT32_MAX, SCIM_USER_SCHEMA } from '@cabinet/contracts';
import { type Filter, parse } from 'scim2-parse-filter';
import type { Prisma } from '../../generated/prisma/client';
import { tr } from '../../lib/i18n';
import { ScimError } from '../../lib/scim-error';

// SCIM filters of GET /Users (RFC 7644 §3.4.2.2; decision 0286) become a Prisma condition on the
// organization's members: the filter is parsed by scim2-parse-filter, and the subset this service keeps is
// translated here. userName and emails.value (the e-mail, kept in lower case) take every string operator;
// id and active take eq; and / or / not combine them. Anything else is 400 invalidFilter, never "no match",
// so a provider's wrong mapping shows as an error instead of duplicates.

type Where = Prisma.MemberWhereInput;

const NONE: Where = { userId: { in: [] } };
const ALL: Where = {};

const invalid = (detail: string) => new ScimError(400, detail, 'invalidFilter');

/** 'urn:…:User:userName' → 'username'; attribute names are case-insensitive (RFC 7643 §2.1). */
function attribute(path: string): string {
  const bare = path.toLowerCase().startsWith(`${SCIM_USER_SCHEMA.toLowerCase()}:`)
    ? path.slice(SCIM_USER_SCHEMA.length + 1)
    : path;
  return bare.toLowerCase();
}

/** A condition on the e-mail; values compare case-insensitively, as userName's caseExact is false. */
function emailWhere(op: string, value: unknown): Where {
  if (op === 'pr') return ALL;
  if (typeof value !== 'string') throw invalid(tr('Значение userName в фильтре должно быть строкой'));
  const text = value.toLowerCase();
  switch (op) {
    case 'eq':
      return { user: { email: text } };
    case 'ne':
      return { NOT: { user: { email: text } } };
    case 'co':
      return { user: { email: { contains: text } } };
    case 'sw':
      return { user: { email: { startsWith: text } } };
    case 'ew':
      return { user: { email: { endsWith: text } } };
    default:
      throw invalid(tr('Оператор {op} не поддерживается для userName', { op }));
  }
}

function idWhere(op: string, value: unknown): Where {
  if (op !== 'eq') throw invalid(tr('Оператор {op} не поддерживается для id', { op }));
  const digits = typeof value === 'string' ? value : '';
  if (!/^\d{1,10}$/.test(digits) || Number(digits) > INT32_MAX) return NONE;
  return { userId: Number(digits) };
}

/** Only active members are seen: active eq true is everyone, active eq false no one. */
function activeWhere(op: string, value: unknown): Where {
  if (op === 'pr') return ALL;
  if (op !== 'eq' || typeof value !== 'boolean')
    throw invalid(tr('Для active поддерживается только eq true / false'));
  return value ? ALL : NONE;
}

/** Inside emails[…]: our one address is {value, type: 'work', primary: true}. */
function emailEntryWhere(filter: Filter): Where {
  switch (filter.op) {
    case 'and':
      return { AND: filter.filters.map(emailEntryWhere) };
    case 'or':
      return { OR: filter.filters.map(emailEntryWhere) };
    case 'not':
      return { NOT: emailEntryWhere(filter.filter) };
    case '[]':
      throw invalid(tr('Вложенные фильтры не поддерживаются'));
  }
  const name = filter.attrPath.toLowerCase();
  const value = filter.op === 'pr' ? undefined : filter.compValue;
  if (name === 'value') return emailWhere(filter.op, value);
  if (name === 'type' && filter.op === 'eq') return value === 'work' ? ALL : NONE;
  if (name === 'primary' && filter.op === 'eq') return value === true ? ALL : NONE;
  if ((name === 'type' || name === 'primary') && filter.op === 'pr') return ALL;
  throw invalid(tr('Атрибут emails.{attrPath} в фильтре не поддерживается', { attrPath: filter.attrPath }));
}

function toWhere(filter: Filter): Where {
  switch (filter.op) {
    case 'and':
      return { AND: filter.filters.map(toWhere) };
    case 'or':
      return { OR: filter.filters.map(toWhere) };
    case 'not':
      return { NOT: toWhere(filter.filter) };
    case '[]':
      if (attribute(filter.attrPath) !== 'emails') {
        throw invalid(tr('Атрибут {attrPath} в фильтре не поддерживается', { attrPath: filter.attrPath }));
      }
      return emailEntryWhere(filter.valFilter);
  }
  const value = filter.op === 'pr' ? undefined : filter.compValue;
  switch (attribute(filter.attrPath)) {
    case 'username':
    case 'emails':
    case 'emails.value':
      return emailWhere(filter.op, value);
    case 'id':
      return idWhere(filter.op, value);
    case 'active':
      return activeWhere(filter.op, value);
    // emails[type eq "work"].value comes flattened as emails.type beside emails.value.
    case 'emails.type':
    case 'emails.primary':
      return emailEntryWhere({
        ...filter,
        attrPath: filter.attrPath.slice(filter.attrPath.indexOf('.') + 1),
      });
    default:
      throw invalid(
        tr('Атрибут {attrPath} в фильтре не поддерживается: доступны userName, emails.value, id и active', {
          attrPath: filter.attrPath,
        }),
      );
  }
}

/** The members a filter keeps; `{}` without a filter. The parser's own (English) words never reach a client. */
export function scimFilterWhere(filter: string | undefined): Where {
  if (filter === undefined || filter.trim() === '') return ALL;
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch {
    throw invalid(tr('Некорректный фильтр: ожидается, например, userName eq "ivan@example.com"'));
  }
  return toWhere(parsed);
}
