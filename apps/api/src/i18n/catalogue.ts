import type { Catalogue, Locale } from '@cabinet/contracts/i18n';
import audit from './en/audit.json';
import auth from './en/auth.json';
import billing from './en/billing.json';
import checkout from './en/checkout.json';
import common from './en/common.json';
import desktop from './en/desktop.json';
import domains from './en/domains.json';
import files from './en/files.json';
import health from './en/health.json';
import identities from './en/identities.json';
import invitations from './en/invitations.json';
import oauth from './en/oauth.json';
import organizations from './en/organizations.json';
import passkeys from './en/passkeys.json';
import paymentNotifications from './en/payment-notifications.json';
import payments from './en/payments.json';
import plans from './en/plans.json';
import profile from './en/profile.json';
import refunds from './en/refunds.json';
import sandbox from './en/sandbox.json';
import scim from './en/scim.json';
import sessions from './en/sessions.json';
import sso from './en/sso.json';
import tokens from './en/tokens.json';
import transfers from './en/transfers.json';
import users from './en/users.json';
import webhooks from './en/webhooks.json';

// The API's own texts in English (decision 0300): one JSON per area (a module, or common for lib/ and
// plugins/), so areas change without touching each other; Russian needs no catalogue (the id is the text).
// A third language is a folder beside en/ and a line in apiCatalogues.

/** The area catalogues one by one (the catalogue test checks that no text is in two of them). */
export const englishAreas = {
  audit,
  auth,
  billing,
  checkout,
  common,
  desktop,
  domains,
  files,
  health,
  identities,
  invitations,
  oauth,
  organizations,
  passkeys,
  paymentNotifications,
  payments,
  plans,
  profile,
  refunds,
  sandbox,
  scim,
  sessions,
  sso,
  tokens,
  transfers,
  users,
  webhooks,
};

const english: Catalogue = Object.assign({}, ...Object.values(englishAreas));

/** Every API text: the keys of the area catalogues. */
export type ApiText = {
  [Area in keyof typeof englishAreas]: keyof (typeof englishAreas)[Area];
}[keyof typeof englishAreas];

/** Each language's catalogue, for lib/i18n.ts. */
export const apiCatalogues: Record<Locale, Catalogue> = { ru: {}, en: english };
