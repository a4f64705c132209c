import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { type Catalogue, LOCALES, type Locale } from '@cabinet/contracts/i18n';
import type audit from './en/audit.json';
import type auth from './en/auth.json';
import type billing from './en/billing.json';
import type checkout from './en/checkout.json';
import type common from './en/common.json';
import type desktop from './en/desktop.json';
import type domains from './en/domains.json';
import type files from './en/files.json';
import type health from './en/health.json';
import type identities from './en/identities.json';
import type invitations from './en/invitations.json';
import type oauth from './en/oauth.json';
import type organizations from './en/organizations.json';
import type passkeys from './en/passkeys.json';
import type paymentNotifications from './en/payment-notifications.json';
import type payments from './en/payments.json';
import type plans from './en/plans.json';
import type profile from './en/profile.json';
import type refunds from './en/refunds.json';
import type sandbox from './en/sandbox.json';
import type scim from './en/scim.json';
import type sessions from './en/sessions.json';
import type sso from './en/sso.json';
import type tokens from './en/tokens.json';
import type transfers from './en/transfers.json';
import type users from './en/users.json';
import type webhooks from './en/webhooks.json';

// The API's own texts (decision 0300): a folder per language beside this module, one JSON per area (a
// module, or common for lib/ and plugins/), so areas change without touching each other; Russian needs no
// catalogue (the id is the text). The files are read at start: build.mjs copies the folders beside the
// bundle (dist/en/), where new URL('./en/', import.meta.url) finds them as it finds src/i18n/en/ here. So a
// third language is a folder of JSON and a word in LOCALES: no code. English's files type the ids.

/** English's areas by file name: their keys are the ids the code may say. */
type EnglishAreas = {
  audit: typeof audit;
  auth: typeof auth;
  billing: typeof billing;
  checkout: typeof checkout;
  common: typeof common;
  desktop: typeof desktop;
  domains: typeof domains;
  files: typeof files;
  health: typeof health;
  identities: typeof identities;
  invitations: typeof invitations;
  oauth: typeof oauth;
  organizations: typeof organizations;
  passkeys: typeof passkeys;
  'payment-notifications': typeof paymentNotifications;
  payments: typeof payments;
  plans: typeof plans;
  profile: typeof profile;
  refunds: typeof refunds;
  sandbox: typeof sandbox;
  scim: typeof scim;
  sessions: typeof sessions;
  sso: typeof sso;
  tokens: typeof tokens;
  transfers: typeof transfers;
  users: typeof users;
  webhooks: typeof webhooks;
};

const here = new URL('./', import.meta.url);

/** The area catalogues of `locale`, by file name ('payment-notifications'); none for Russian. */
export function readAreas(locale: Locale): Record<string, Catalogue> {
  const folder = new URL(`./${locale}/`, here);
  if (locale === 'ru' || !existsSync(folder)) return {};
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort();
  return Object.fromEntries(
    files.map((file) => [
      file.slice(0, -'.json'.length),
      JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Catalogue,
    ]),
  );
}

/** The English area catalogues one by one (the catalogue test checks that no text is in two of them). */
export const englishAreas = readAreas('en') as EnglishAreas;

/** Every API text: the keys of the area catalogues. */
export type ApiText = {
  [Area in keyof EnglishAreas]: keyof EnglishAreas[Area];
}[keyof EnglishAreas];

/** Each language's catalogue, for lib/i18n.ts: its areas in one. */
export const apiCatalogues = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.assign({}, ...Object.values(readAreas(locale))) as Catalogue]),
) as Record<Locale, Catalogue>;

/**
 * The contracts' translations ('en' → packages/contracts/src/i18n/en.json), for lib/i18n.ts: read from the
 * package in src/, and from the copy build.mjs puts beside the bundle (dist/contracts/) in dist/.
 */
export function readContractsCatalogues(): Partial<Record<Locale, Catalogue>> {
  const folder = [
    new URL('./contracts/', here),
    new URL('../../../../packages/contracts/src/i18n/', here),
  ].find((candidate) => existsSync(candidate));
  if (!folder)
    throw new Error("the contracts' translations are neither beside the bundle nor in the package");
  return Object.fromEntries(
    LOCALES.filter((locale) => locale !== 'ru' && existsSync(new URL(`${locale}.json`, folder))).map(
      (locale) => [locale, JSON.parse(readFileSync(new URL(`${locale}.json`, folder), 'utf8')) as Catalogue],
    ),
  );
}
