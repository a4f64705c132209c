import type { TokenScope } from '@cabinet/contracts';
import type { Locale } from '@cabinet/contracts/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Mailer } from '../adapters/smtp';
import type { Env } from '../env';
import type { Prisma } from '../plugins/db/database';
import type { MailOutbox } from './outbox';
import type { Storage } from './storage/storage';

/** Who is calling: the session's account. The one Actor type of the API. */
export interface Actor {
  userId: number;
  email: string;
  /** A site admin (user type 2). */
  isAdmin: boolean;
  /** The account's language (decision 0302), read with the session or token; the request speaks it. */
  locale?: Locale;
  /** 0 for a personal access token. */
  sessionId: number;
  /**
   * Set when the caller is a token: a personal access token, or a device grant's session (issue 29,
   * decision 0216). Such a caller is never an admin and reaches only the table rows with `tokens: true`.
   */
  token?: { kind: 'personal' | 'device'; id: number; scopes: readonly TokenScope[] };
}

/**
 * Everything a service verb needs about the request it serves, built once per request (the auth plugin)
 * and passed first to every verb: `verb(ctx, input)` (docs/architecture.md).
 */
export interface RequestContext {
  /** null on an anonymous call. */
  actor: Actor | null;
  prisma: Prisma;
  /** The pool under Prisma, for the screens' one-statement reads (lib/sql.ts readRows; decision 0114). */
  pool: pg.Pool;
  config: Env;
  log: FastifyBaseLogger;
  /** This request's clock: every "now" of a verb comes from here, so tests can move it. */
  now: Date;
  /** The client address as TRUST_PROXY allows it (decision 0080). */
  ip: string;
  /** The User-Agent header, cut to 512 characters ('' when none); kept with a session at sign-in. */
  userAgent: string;
  mailer: Mailer;
  /** Mails other than codes go here, in the transaction of their change (decision 0151). */
  outbox: MailOutbox;
  storage: Storage;
}

/** The context of a call that needs a session: its actor is known. */
export interface SignedInContext extends RequestContext {
  actor: Actor;
}
