import { LOGIN_CODE_BURNED_MESSAGE, type ProfileUpdateResult } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { EmailChange } from '../../generated/prisma/client';
import { badRequest, conflict, tooManyRequests, unavailable } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { RequestContext, SignedInContext } from '../../lib/context';
import { newLoginCode, sameBytes } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';
import { isUniqueViolation } from '../../lib/prisma-errors';
import { type Db, type Prisma, type Tx, transaction } from '../../plugins/db/database';
import {
  CHANGE_WRONG_CODES_MESSAGE,
  changeWrongCodesWait,
  formatWait,
  recordLoginEvent,
} from '../auth/login-caps';
import { hashLoginCode, loadLoginCodeSecret } from '../auth/login-code-secret';
import { deleteUnusedUnverifiedAccount } from '../users/unverified-accounts';
import { emailChangeMail } from './email-change.mail';

// Changing one's own e-mail needs proof: the new address waits in email_changes until the code mailed to
// it is entered. The codes follow the sign-in codes' rules. See docs/decisions/0085-email-change-proof.md;
// wrong codes are also capped per target address (0184).

export const EMAIL_CODE_TTL_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
export const EMAIL_CODE_RESEND_SECONDS = 60;
export const EMAIL_TAKEN = trId('Пользователь с таким email уже существует');
/** On the email field, so the form shows it there (issue 16). */
export const emailTaken = () => conflict(tr(EMAIL_TAKEN), { email: [tr(EMAIL_TAKEN)] });
const EXPIRED_CODE = trId('Код устарел или уже использован, запросите новый');

/** The context of the calls that mail or check a code: with the sign-in codes' key (profile.routes.ts). */
export interface EmailChangeContext extends SignedInContext {
  /** LOGIN_CODE_SECRET, or the one kept in DATA_DIR (modules/auth/login-code-secret.ts). */
  codeSecret: string;
}

/** `ctx` with the key of the code hashes, read as sign-in reads it (a file read when it is kept in DATA_DIR). */
export const withCodeSecret = async (ctx: SignedInContext): Promise<EmailChangeContext> => ({
  ...ctx,
  codeSecret: await loadLoginCodeSecret(ctx.config.LOGIN_CODE_SECRET, ctx.config.DATA_DIR),
});

/**
 * The stored form of a code: HMAC-SHA256 under the sign-in codes' secret, bound to the account and the
 * address, so a database dump gives no code back (decisions 0082 and 0085).
 */
const codeHash = (secret: string, userId: number, email: string, code: string) =>
  hashLoginCode(secret, `email-change:${userId}:${email}`, code);

/** A pending change whose code can still be used; expired and burned ones are as good as none. */
const isLive = (change: Pick<EmailChange, 'expiresAt' | 'attempts'>, now: Date) =>
  change.expiresAt > now && change.attempts < EMAIL_CODE_MAX_ATTEMPTS;

/** The address waiting for its code, as profile answers show it (null: none). */
export const pendingEmail = (
  change: Pick<EmailChange, 'email' | 'expiresAt' | 'attempts'> | null,
  now: Date,
): string | null => (change && isLive(change, now) ? change.email : null);

/**
 * 429 while `email` has had 10 wrong change codes this hour, from whichever accounts (decision 0184); every
 * change pending to it is void by then (`voidChangesTo`).
 */
async function refuseWhenTargetCapped(db: Db, email: string) {
  const seconds = await changeWrongCodesWait(db, email);
  if (seconds > 0)
    throw tooManyRequests(tr(CHANGE_WRONG_CODES_MESSAGE, { wait: formatWait(seconds) }), seconds);
}

/** Ends every account's pending change to `email`: its codes no longer work. */
const voidChangesTo = (db: Db, email: string) => db.emailChange.deleteMany({ where: { email } });

/** An address held by a verified account other than `userId` cannot be asked for (409). */
export async function assertEmailFree(prisma: Prisma, userId: number, email: string) {
  const holder = await prisma.user.findUnique({
    where: { email },
    select: { id: true, emailVerifiedAt: true },
  });
  if (holder && holder.id !== userId && holder.emailVerifiedAt) throw emailTaken();
}

/**
 * Puts `email` aside for `userId` with a fresh code (replacing a pending one, or sending the same address a
 * new code) inside the caller's transaction. At most one code a minute per account, as at sign-in (429).
 */
export async function putEmailAside(
  tx: Tx,
  codeSecret: string,
  userId: number,
  email: string,
  now: Date,
): Promise<{ code: string; changeId: number }> {
  await refuseWhenTargetCapped(tx, email);
  const previous = await tx.emailChange.findUnique({ where: { userId } });
  const waitMs = previous
    ? previous.createdAt.getTime() + EMAIL_CODE_RESEND_SECONDS * 1000 - now.getTime()
    : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw tooManyRequests(tr('Новый код можно запросить через {seconds} с', { seconds }), seconds);
  }
  const code = newLoginCode();
  const data = {
    email,
    codeHash: codeHash(codeSecret, userId, email, code),
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60 * 1000),
  };
  const row = await tx.emailChange.upsert({ where: { userId }, update: data, create: { userId, ...data } });
  return { code, changeId: row.id };
}

/** Mails the code; when that fails the pending change is dropped and the answer is 503. */
export async function mailEmailCode(
  { prisma, mailer }: RequestContext,
  sent: { code: string; changeId: number },
  email: string,
) {
  try {
    await mailer.send(emailChangeMail(email, sent.code, EMAIL_CODE_TTL_MINUTES));
  } catch (error) {
    await prisma.emailChange.deleteMany({ where: { id: sent.changeId } });
    throw Object.assign(unavailable(tr('Не удалось отправить письмо с кодом, попробуйте позже')), {
      cause: error,
    });
  }
}

/**
 * POST /profile/confirm-email: the caller's pending address becomes their e-mail, verified. Wrong codes
 * count (5 burn it), a code works once and for 10 minutes. An address a verified account took meanwhile
 * is 409 and ends the pending change; an unused unverified account holding it gives way.
 */
export async function confirmEmailChange(
  ctx: EmailChangeContext,
  { code }: { code: string },
): Promise<ProfileUpdateResult> {
  const { prisma, now } = ctx;
  const { userId } = ctx.actor;
  const change = await prisma.emailChange.findUnique({ where: { userId } });
  if (!change || change.expiresAt <= now) throw badRequest(tr(EXPIRED_CODE));
  // Wrong codes are capped per target address across all accounts too (decision 0184): past the cap, every
  // pending change to it is void, so accounts taking turns cannot guess the code mailed to one address.
  if ((await changeWrongCodesWait(prisma, change.email)) > 0) {
    await voidChangesTo(prisma, change.email);
    await refuseWhenTargetCapped(prisma, change.email);
  }
  if (change.attempts >= EMAIL_CODE_MAX_ATTEMPTS) throw badRequest(text(LOGIN_CODE_BURNED_MESSAGE));

  if (!sameBytes(change.codeHash, codeHash(ctx.codeSecret, userId, change.email, code))) {
    // Counted atomically, so parallel guesses cannot exceed the limit.
    const counted = await prisma.emailChange.updateMany({
      where: { id: change.id, attempts: { lt: EMAIL_CODE_MAX_ATTEMPTS } },
      data: { attempts: { increment: 1 } },
    });
    if (counted.count > 0) {
      await recordLoginEvent(prisma, { email: change.email, client: `user:${userId}` }, 'change_wrong_code');
      // The wrong code that fills the target's cap voids every change pending to it at once.
      if ((await changeWrongCodesWait(prisma, change.email)) > 0) {
        await voidChangesTo(prisma, change.email);
        throw badRequest(text(LOGIN_CODE_BURNED_MESSAGE));
      }
    }
    const left = EMAIL_CODE_MAX_ATTEMPTS - change.attempts - 1;
    if (counted.count === 0 || left <= 0) throw badRequest(text(LOGIN_CODE_BURNED_MESSAGE));
    // About the field itself: the cabinet says it under 'Код из письма' (issue 34, rule 5).
    const wrong = tr('Неверный код. Осталось попыток: {left}', { left });
    throw badRequest(wrong, { code: [wrong] });
  }

  try {
    return await transaction(prisma, async (tx) => {
      // One use: only the request that removes the row goes on.
      const claimed = await tx.emailChange.deleteMany({
        where: { id: change.id, attempts: { lt: EMAIL_CODE_MAX_ATTEMPTS }, expiresAt: { gt: now } },
      });
      if (claimed.count === 0) throw badRequest(tr(EXPIRED_CODE));
      await deleteUnusedUnverifiedAccount(tx, change.email);
      const holder = await tx.user.findUnique({ where: { email: change.email }, select: { id: true } });
      if (holder && holder.id !== userId) throw emailTaken();
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
      const updated = await tx.user.update({
        where: { id: userId },
        data: { email: change.email, emailVerifiedAt: now },
        select: { name: true, email: true },
      });
      // A sign-in code mailed to the old address no longer signs in; one for the new address predates this.
      await tx.loginCode.deleteMany({ where: { email: { in: [before.email, change.email] } } });
      await recordAudit(tx, ctx, {
        action: 'email.changed',
        targetId: userId,
        details: { email: { from: before.email, to: change.email } },
      });
      return { ...updated, pending_email: null };
    });
  } catch (error) {
    const taken = isUniqueViolation(error) || (error as { statusCode?: number }).statusCode === 409;
    if (!taken) throw error;
    // The address cannot be had: the pending change is over (the transaction that claimed it rolled back).
    await prisma.emailChange.deleteMany({ where: { id: change.id } });
    throw emailTaken();
  }
}
