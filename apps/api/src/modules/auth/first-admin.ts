import { BlockList, isIPv4 } from 'node:net';
import type { Env } from '../../env';

// Who becomes admin at sign-in (product-decisions, "Accounts and roles"; decision 0081).

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1, or an IPv4 loopback address written as IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return loopback.check(mapped, 'ipv4');
  return loopback.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

const isLoopbackHost = (host: string) => host.toLowerCase() === 'localhost' || isLoopbackAddress(host);

export type AdminRule =
  /** ADMIN_EMAILS lists them. */
  | 'listed'
  /** The quick start: the first account to complete sign-in from this machine. */
  | 'first-local-account'
  /** ADMIN_EMAILS is empty on a server others can reach: nobody is promoted. */
  | 'none';

/**
 * The first-account rule holds only where nobody but this machine can sign in first: ADMIN_EMAILS empty,
 * listening on loopback only, and no proxy whose X-Forwarded-For could make a remote client look local.
 */
export function adminRule(env: Pick<Env, 'ADMIN_EMAILS' | 'HOST' | 'TRUST_PROXY'>): AdminRule {
  if (env.ADMIN_EMAILS.length > 0) return 'listed';
  return isLoopbackHost(env.HOST) && env.TRUST_PROXY === false ? 'first-local-account' : 'none';
}

/** The start-up log line saying which rule is in force (server.ts). */
export function adminRuleNotice(env: Pick<Env, 'ADMIN_EMAILS' | 'HOST' | 'TRUST_PROXY'>): {
  level: 'info' | 'warn';
  message: string;
} {
  switch (adminRule(env)) {
    case 'listed':
      return {
        level: 'info',
        message: `Admins: e-mails in ADMIN_EMAILS (${env.ADMIN_EMAILS.join(', ')}) become admins at sign-in`,
      };
    case 'first-local-account':
      return {
        level: 'info',
        message:
          'Admins: ADMIN_EMAILS is empty and the server listens on loopback only, so the first account to ' +
          'complete sign-in from this machine becomes the admin',
      };
    case 'none': {
      const why =
        env.TRUST_PROXY === false
          ? `the server listens on ${env.HOST}, beyond loopback`
          : 'TRUST_PROXY is set (requests come through a proxy)';
      return {
        level: 'warn',
        message: `Admins: nobody will become admin: ADMIN_EMAILS is empty and ${why}. Set ADMIN_EMAILS to the admins' e-mails`,
      };
    }
  }
}
