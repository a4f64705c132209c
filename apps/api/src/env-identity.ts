import { isIP } from 'node:net';
import { z } from 'zod';
import { booleanFlag, commaList, emptyToUndefined, httpUrl } from './env-fields';

// The identity settings of env.ts (issue 30): the DNS servers domain proofs ask, whether SSO may reach an
// identity provider on private addresses, and Yandex ID. Only env.ts imports this; nothing here reads
// process.env.

/** 'host' or 'host:port' with an IP address ('[v6]:port' for IPv6), as node:dns setServers takes them. */
export function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const [host, port] = bracketed
    ? [bracketed[1] ?? '', bracketed[2]]
    : isIP(entry)
      ? [entry, undefined]
      : [entry.slice(0, entry.lastIndexOf(':')), entry.slice(entry.lastIndexOf(':') + 1)];
  if (!isIP(host)) return false;
  return port === undefined || (/^\d{1,5}$/.test(port) && Number(port) > 0 && Number(port) < 65536);
}

export const identityEnvFields = {
  /** DNS servers of domain proofs (host or host:port, comma-separated); unset: the system's (issue 30). */
  DNS_SERVERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v, ctx) =>
        commaList(v, ctx, {
          isEntry: isDnsServer,
          problem: 'not a DNS server address',
          example: '1.1.1.1,127.0.0.1:5353',
        }),
      )
      .optional(),
  ),
  /** SSO may reach identity providers on loopback and private addresses (an operator's own network; tests). */
  SSO_ALLOW_PRIVATE: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
  /** Yandex ID (oauth.yandex.ru): both or neither; set, the sign-in screen offers 'Войти с Яндекс ID'. */
  YANDEX_CLIENT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\S{1,128}$/)
      .optional(),
  ),
  YANDEX_CLIENT_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\S{1,256}$/)
      .optional(),
  ),
  /** Yandex's OAuth server (authorize, token); tests point it at a local server. */
  YANDEX_OAUTH_URL: httpUrl('https://oauth.yandex.ru'),
  /** Yandex's user-info server (GET /info); tests point it at a local server. */
  YANDEX_LOGIN_URL: httpUrl('https://login.yandex.ru'),
};

type IdentityEnv = {
  YANDEX_CLIENT_ID?: string | undefined;
  YANDEX_CLIENT_SECRET?: string | undefined;
};

/** Yandex ID's id and secret go together: one alone stops the server, naming the other. */
export function refineIdentity(env: IdentityEnv, ctx: z.RefinementCtx): void {
  if (env.YANDEX_CLIENT_ID && !env.YANDEX_CLIENT_SECRET)
    ctx.addIssue({
      code: 'custom',
      path: ['YANDEX_CLIENT_SECRET'],
      message: 'required with YANDEX_CLIENT_ID',
    });
  if (env.YANDEX_CLIENT_SECRET && !env.YANDEX_CLIENT_ID)
    ctx.addIssue({
      code: 'custom',
      path: ['YANDEX_CLIENT_ID'],
      message: 'required with YANDEX_CLIENT_SECRET',
    });
}
