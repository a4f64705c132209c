import { forbidden } from '../../lib/app-error';
import type { Actor } from '../../lib/context';
import { tr } from '../../lib/i18n';
import type { Db } from '../../plugins/db/database';
import { planInForce } from '../organizations/plan-limits';
import type { PlanClock } from '../plans/plans.mapper';

// 'Только через SSO' (issue 30, decision 0278): the one place that says whether an account may come in by a
// way other than its organization's SSO. Code, passkey, Yandex ID, the desktop hand-off, approving a device
// code and creating a personal token all ask here before they let anyone in.

/** The organization that holds the address's domain and enforces SSO, when its owner's plan has SSO. */
export interface SsoEnforcement {
  organizationId: number;
  organizationName: string;
  ownerId: number;
  domain: string;
}

/** The domain part of an address, lower case ('' for a malformed one). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}

/**
 * The organization whose verified domain this address is in, with an enabled connection set to enforce,
 * while its owner's plan in force has SSO; null otherwise. Settings of an organization whose plan lost SSO
 * stay but do nothing (issue 30).
 */
export async function ssoEnforcementFor(
  db: Db,
  email: string,
  clock: PlanClock,
): Promise<SsoEnforcement | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const found = await db.organizationDomain.findFirst({
    where: {
      domain,
      verifiedAt: { not: null },
      organization: { ssoConnection: { enabled: true, enforce: true } },
    },
    select: { organization: { select: { id: true, name: true, ownerId: true } } },
  });
  if (!found) return null;
  const { id, name, ownerId } = found.organization;
  const plan = await planInForce(db, ownerId, clock);
  if (!plan.sso) return null;
  return { organizationId: id, organizationName: name, ownerId, domain };
}

/**
 * Whether an organization's SSO and SCIM work now: its owner's plan in force has 'Единый вход (SSO) и SCIM'.
 * Settings of an organization whose plan lost it stay but do nothing (issue 30). False for an unknown id.
 */
export async function ssoAvailable(db: Db, organizationId: number, clock: PlanClock): Promise<boolean> {
  const organization = await db.organization.findUnique({
    where: { id: organizationId },
    select: { ownerId: true },
  });
  if (!organization) return false;
  return (await planInForce(db, organization.ownerId, clock)).sso;
}

/** Whether the address is in one of the organization's verified domains (SSO e-mails, SCIM userName). */
export async function inVerifiedDomain(db: Db, organizationId: number, email: string): Promise<boolean> {
  const domain = emailDomain(email);
  if (!domain) return false;
  const found = await db.organizationDomain.findFirst({
    where: { organizationId, domain, verifiedAt: { not: null } },
    select: { id: true },
  });
  return found !== null;
}

/** The 403 text naming the organization (issue 30: "403 with a message naming the organization"). */
export const ssoOnlyMessage = (organizationName: string) =>
  tr('Организация «{organizationName}» разрешает вход в этот аккаунт только через единый вход (SSO).', {
    organizationName,
  });

/**
 * Refuses (403) a way in other than SSO for an account of an enforcing organization's domain, except the
 * organization's owner and site admins, who keep every way in so that a broken provider cannot lock the
 * organization out.
 */
export async function refuseUnlessSsoAllowed(
  db: Db,
  clock: PlanClock,
  account: { id: number; email: string; isAdmin: boolean },
): Promise<void> {
  if (account.isAdmin) return;
  const enforcement = await ssoEnforcementFor(db, account.email, clock);
  if (!enforcement || enforcement.ownerId === account.id) return;
  throw forbidden(ssoOnlyMessage(enforcement.organizationName));
}

/** The caller as refuseUnlessSsoAllowed reads an account. */
export const actorAccount = (actor: Actor) => ({
  id: actor.userId,
  email: actor.email,
  isAdmin: actor.isAdmin,
});
