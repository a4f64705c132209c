import { LOGIN_CODE_BURNED_MESSAGE, type LoginResult } from '@cabinet/contracts';
import type { Locale } from '@cabinet/contracts/i18n';
import { text } from '@cabinet/contracts/i18n';
import { badRequest, tooManyRequests, unavailable } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { newLoginCode, newVaultKey, sameBytes, sameText } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';
import { loginCodeMail } from '../../lib/mail';
import { deleteSession } from '../../lib/sessions';
import { transaction } from '../../plugins/db/database';
import {
  type LoginScope,
  lastCodeSent,
  loginScope,
  recordLoginEvent,
  refuseWhenTooManyCodeMails,
  refuseWhenTooManyWrongCodes,
} from './login-caps';
import { hashLoginCode } from './login-code-secret';
import { completeSignIn, type SignInRulesContext } from './sign-in';
import { findSignInDevice, issueDeviceToken } from './sign-in-devices';

// Sign-in with a one-time e-mail code: product-decisions.md, "Sign-in" and "Desktop hand-off";
// decisions 0003, 0081 (first admin), 0082 and 0182 (abuse limits), 0183 (a burned code waits the minute).

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;

export const CODE_SENT_MESSAGE = trId('Код отправлен на почту');
const EXPIRED_CODE_MESSAGE = trId('Код устарел или уже использован, запросите новый');
const OTHER_LOGIN_KEY_MESSAGE = trId(
  'Этот код запрошен для другого окна входа или приложения. Запросите новый код здесь',
);

/** The request context with what sign-in settles once at start (auth.routes.ts). */
export interface SignInContext extends SignInRulesContext {
  /** Key of the code hashes (LOGIN_CODE_SECRET or the one kept in DATA_DIR). */
  codeSecret: string;
}

interface SignInStep {
  email: string;
  /** WEB_LOGIN_KEY for the web's own window, or a desktop app's public key. */
  loginKey: string;
  /** What an earlier code sign-in's answer gave this device (decision 0182); unknown ones count as none. */
  deviceToken?: string | undefined;
  /** The sign-in screen's language: an account made by this request starts in it (decision 0303). */
  locale?: Locale | undefined;
}

/** How long `scope`'s client must wait for a new code, given the e-mail's current code `previous`. */
async function resendWaitMs(
  prisma: SignInContext['prisma'],
  scope: LoginScope,
  previous: { createdAt: Date; client: string },
  now: Date,
): Promise<number> {
  const pauseMs = CODE_RESEND_SECONDS * 1000;
  const left = (from: Date) => from.getTime() + pauseMs - now.getTime();
  if (previous.client === scope.client) return left(previous.createdAt);
  // The live code is another client's: this client waits only if it had one mailed itself within the minute.
  if (left(previous.createdAt) <= 0) return 0;
  const own = await lastCodeSent(prisma, scope, pauseMs);
  return own ? left(own) : 0;
}

/**
 * Step one: creates the account if there is none (unverified) and mails a fresh code. Every address gets
 * the same answer, with or without an account, blocked or not: the block is said only to whoever proves
 * the mailbox at step two.
 */
export async function sendLoginCode(
  ctx: SignInContext,
  { email, loginKey, deviceToken, locale }: SignInStep,
): Promise<void> {
  const { prisma, now } = ctx;
  const user = await prisma.user.upsert({
    where: { email },
    update: {},
    create: { email, vaultKey: newVaultKey(), ...(locale ? { locale } : {}) },
    select: { id: true },
  });
  const scope = loginScope(email, ctx.ip, await findSignInDevice(prisma, user.id, deviceToken));

  const previous = await prisma.loginCode.findUnique({
    where: { email },
    select: { createdAt: true, client: true },
  });
  // A client gets a new code, whether its last one was burned by wrong tries or not, only a minute after the
  // last it asked for (decision 0183, which supersedes 0160): burning codes quickly sends no more of them. A
  // code another client asked for does not hold this one back (decision 0182); the caps bound how often
  // clients can take turns.
  const waitMs = previous ? await resendWaitMs(prisma, scope, previous, now) : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw tooManyRequests(tr('Новый код можно запросить через {seconds} с', { seconds }), seconds);
  }
  await refuseWhenTooManyCodeMails(prisma, scope);

  const code = newLoginCode();
  const data = {
    codeHash: hashLoginCode(ctx.codeSecret, email, code),
    loginKey,
    client: scope.client,
    attempts: 0,
    usedAt: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60 * 1000),
  };
  // A new code replaces the old one. The row's created_at and client are the client's throttle; a
  // concurrent request that lost the race updates a row created a moment ago and is refused above next time.
  const row = await prisma.loginCode.upsert({ where: { email }, update: data, create: { email, ...data } });
  try {
    await ctx.mailer.send(loginCodeMail(email, code, CODE_TTL_MINUTES));
  } catch (error) {
    await prisma.loginCode.deleteMany({ where: { id: row.id } });
    throw Object.assign(unavailable(tr('Не удалось отправить письмо с кодом, попробуйте позже')), {
      cause: error,
    });
  }
  // Counted once the mail left: a refused mail (503 above) does not use up the day's budget.
  await recordLoginEvent(prisma, scope, 'code_sent');
}

/**
 * Step two: checks the code against the loginKey it was asked for, then completes the sign-in (sign-in.ts:
 * the account's checks, the session, the hand-off). The client address is ctx.ip, as TRUST_PROXY lets it be read.
 */
export async function verifyLoginCode(
  ctx: SignInContext,
  { email, code, loginKey, deviceToken }: SignInStep & { code: string },
): Promise<LoginResult> {
  const { prisma, now } = ctx;
  const account = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  const device = account ? await findSignInDevice(prisma, account.id, deviceToken) : null;
  const scope = loginScope(email, ctx.ip, device);
  // Before anything else, so that while capped even the right code opens nothing.
  await refuseWhenTooManyWrongCodes(prisma, scope);
  const row = await prisma.loginCode.findUnique({ where: { email } });
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime())
    throw badRequest(tr(EXPIRED_CODE_MESSAGE));
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw badRequest(text(LOGIN_CODE_BURNED_MESSAGE));

  // A code opens a session only for the window (or desktop key) that asked for it: a code read off
  // someone's screen or mail cannot be replayed with another key to receive the sealed box.
  const sameKey = sameText(row.loginKey, loginKey);
  const sameCode = sameBytes(row.codeHash, hashLoginCode(ctx.codeSecret, email, code));
  if (!sameKey || !sameCode) {
    // Counted atomically, so parallel guesses cannot exceed the limit.
    const counted = await prisma.loginCode.updateMany({
      where: { id: row.id, attempts: { lt: CODE_MAX_ATTEMPTS } },
      data: { attempts: { increment: 1 } },
    });
    if (counted.count > 0) await recordLoginEvent(prisma, scope, 'wrong_code');
    const left = CODE_MAX_ATTEMPTS - row.attempts - 1;
    if (counted.count === 0 || left <= 0) throw badRequest(text(LOGIN_CODE_BURNED_MESSAGE));
    if (!sameKey) throw badRequest(tr(OTHER_LOGIN_KEY_MESSAGE));
    throw badRequest(tr('Неверный код. Осталось попыток: {left}', { left }));
  }

  // One use: only the request that flips used_at wins.
  const claimed = await prisma.loginCode.updateMany({
    where: { id: row.id, usedAt: null, attempts: { lt: CODE_MAX_ATTEMPTS }, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (claimed.count === 0) throw badRequest(tr(EXPIRED_CODE_MESSAGE));

  const result = await completeSignIn(ctx, { account: { email }, loginKey, proof: 'mailbox' });
  // The device that proved the mailbox is known to the account from now on (decision 0182).
  const user = account ?? (await prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } }));
  return { ...result, device_token: await issueDeviceToken(prisma, user.id, device, now) };
}

/** POST /auth/logout: ends the caller's session. */
export async function signOut(ctx: SignedInContext): Promise<void> {
  await transaction(ctx.prisma, async (tx) => {
    await deleteSession(tx, ctx.actor.sessionId);
    await recordAudit(tx, ctx, { action: 'user.signed_out', targetId: ctx.actor.userId });
  });
}
