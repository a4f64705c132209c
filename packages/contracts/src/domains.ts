import { z } from 'zod';
import { envelope, IdSchema } from './common';
import { text, textId } from './i18n/text';

// Verified domains of an organization (issue 30; docs/decisions/0271-verified-domains.md): a domain is
// proved by a TXT record `_cabinet-challenge.<domain>` = `cabinet-verification=<token>`, and then SSO and
// SCIM take the addresses of that domain as the organization's.

/** The name of the proof's TXT record, beside the domain. */
export const DOMAIN_CHALLENGE_PREFIX = '_cabinet-challenge.';
/** The TXT record's value, before the token. */
export const DOMAIN_CHALLENGE_VALUE_PREFIX = 'cabinet-verification=';

/**
 * A DNS name is at most 253 characters, and the proof's record name adds `_cabinet-challenge.` (19) to the
 * domain, so a longer domain could never be proved (decision 0271).
 */
export const DOMAIN_MAX = 253 - DOMAIN_CHALLENGE_PREFIX.length;
/** Domains one organization may hold, verified or not. */
export const DOMAINS_PER_ORGANIZATION = 20;

export const DOMAIN_NOT_FOUND = textId('Домен не найден');

/** What normalizeDomain says is wrong: in the current language (text), Russian as the ids read. */
export const DOMAIN_MESSAGES = {
  required: textId('Укажите домен'),
  format: textId('Укажите домен без http:// и @, например example.com'),
  /** DOMAIN_MAX, written out: the text is its own id (a test keeps them equal). */
  tooLong: textId('Домен не длиннее 234 символов'),
  publicMail: textId(
    'Домен общедоступной почты (Gmail, Яндекс, Mail.ru и подобные) подтвердить нельзя: укажите домен вашей организации',
  ),
} as const;

/**
 * Domains of mail anyone can sign up for (decision 0271): a domain of one of them, or a name under it, is
 * never an organization's. `base.*` rows below cover the country versions (gmx.de, yahoo.co.uk…).
 */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yandex.ru',
  'yandex.com',
  'yandex.by',
  'yandex.kz',
  'yandex.ua',
  'yandex.com.tr',
  'ya.ru',
  'narod.ru',
  'mail.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'internet.ru',
  'rambler.ru',
  'ro.ru',
  'lenta.ru',
  'autorambler.ru',
  'myrambler.ru',
  'rambler.ua',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'ymail.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'mail.com',
  'zoho.com',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
  'ukr.net',
];

/** `gmx.de`, `hotmail.co.uk`, `yahoo.com.br`: these names under any country's or the generic endings. */
const PUBLIC_MAIL_FAMILIES =
  /(^|\.)(gmx|hotmail|outlook|live|yahoo)\.(com|net|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** Whether an ASCII lower-case domain is (or is under) a public mail domain. */
export function isPublicMailDomain(domain: string): boolean {
  if (PUBLIC_MAIL_FAMILIES.test(domain)) return true;
  return PUBLIC_MAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

// The WHATWG URL parser of browsers and Node alike turns an IDN into punycode (пример.рф →
// xn--e1afmkfd.xn--p1ai); the contracts compile without either's type library, so it is declared here.
declare class URL {
  constructor(input: string);
  readonly hostname: string;
}

/** Characters no host name has, that the URL parser would read as a port, a path, a user or a query. */
const NOT_IN_A_HOST = /[\s/\\?#@:[\]%*,;"'<>|^`{}]/u;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A domain as typed → its ASCII form (lower case, punycode, no trailing dot), or the message of what is
 * wrong with it. A host name of two labels or more whose last label is not a number (so no IP address).
 */
export function normalizeDomain(input: string): { domain: string } | { error: string } {
  let typed = input.trim().toLowerCase();
  if (!typed) return { error: text(DOMAIN_MESSAGES.required) };
  if (typed.length > 1024 || NOT_IN_A_HOST.test(typed)) return { error: text(DOMAIN_MESSAGES.format) };
  if (typed.endsWith('.')) typed = typed.slice(0, -1);
  let ascii: string;
  try {
    ascii = new URL(`http://${typed}`).hostname;
  } catch {
    return { error: text(DOMAIN_MESSAGES.format) };
  }
  const labels = ascii.split('.');
  const last = labels.at(-1) ?? '';
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^[0-9]+$/.test(last)) {
    return { error: text(DOMAIN_MESSAGES.format) };
  }
  if (ascii.length > DOMAIN_MAX) return { error: text(DOMAIN_MESSAGES.tooLong) };
  if (isPublicMailDomain(ascii)) return { error: text(DOMAIN_MESSAGES.publicMail) };
  return { domain: ascii };
}

/** A domain in a request: comes out in its ASCII form, or a 400 with the message on `domain`. */
export const DomainNameSchema = z.string({ message: DOMAIN_MESSAGES.required }).transform((text, ctx) => {
  const result = normalizeDomain(text);
  if ('error' in result) {
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }
  return result.domain;
});

/** POST /organizations/{id}/domains. */
export const DomainCreateSchema = z.object({ domain: DomainNameSchema }).strict();
export type DomainCreateRequest = z.input<typeof DomainCreateSchema>;

export const DomainParamsSchema = z.object({ id: IdSchema, did: IdSchema }).strict();

export const OrganizationDomainSchema = z.object({
  id: z.number().int(),
  /** ASCII: lower case, punycode for an IDN. */
  domain: z.string(),
  /** As people write it (пример.рф); the same as `domain` for an ASCII name. */
  unicode: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** The last DNS check, whatever it found. */
  last_checked_at: z.string().nullable(),
  created_at: z.string(),
  /** The TXT record that proves the domain; it may be removed once the domain is verified. */
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
});
export type OrganizationDomain = z.infer<typeof OrganizationDomainSchema>;

export const DomainResponseSchema = envelope(OrganizationDomainSchema);
export const DomainListResponseSchema = envelope(z.array(OrganizationDomainSchema));
