import { type LoginResult, UNKNOWN_DEVICE, USER_TYPE_ADMIN } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { forbidden } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { describeDevice } from '../../lib/client-device';
import type { RequestContext } from '../../lib/context';
import { parseDesktopPublicKey } from '../../lib/crypto';
import { asLocale, tr, trId, withLocale } from '../../lib/i18n';
import { countSignIn } from '../../lib/metrics';
import { createSession, deleteUserSessions, type SignInMethod } from '../../lib/sessions';
import { emitEvent } from '../../lib/webhooks/events';
import { transaction } from '../../plugins/db/database';
import { rememberDevice } from '../sessions/known-devices';
import { sendNewDeviceMail } from '../sessions/new-device.mail';
import { refuseUnlessSsoAllowed } from '../sso/enforcement';
import { type AdminRule, isLoopbackAddress } from './first-admin';
import { handOff } from './hand-off';

// The end of every sign-in, by e-mail code or by passkey: the account's checks, the session, the new-device
// mail and the desktop hand-off (product-decisions "Sign-in"; decisions 0003, 0081, 0140–0142).

/** Serialises "is there an admin yet?" so two first sign-ins cannot both become admin. */
const FIRST_ADMIN_LOCK_KEY = 72707370;

export const BLOCKED_MESSAGE = trId('Учётная запись заблокирована. Обратитесь к администратору.');

/**
 * What the person proved: the mailbox (a code), a passkey, or an outside provider's word: an organization's
 * SSO (for an address of its verified domains) or Yandex ID (its verified default address) (issue 30).
 */
export type SignInProof = 'mailbox' | 'passkey' | 'sso' | 'yandex';

/** The request context with the first-admin rule settled once at start (auth.routes.ts). */
export interface SignInRulesContext extends RequestContext {
  adminRule: AdminRule;
}

/**
 * Opens a session for the account that proved itself (its mailbox, or a passkey) and hands it over:
 * refuses a blocked account, verifies the e-mail, promotes admins, keeps where the session comes from, and
 * mails 'Новый вход в аккаунт' for a device not seen before. The client is ctx.ip and ctx.userAgent.
 */
export async function completeSignIn(
  ctx: SignInRulesContext,
  {
    account,
    loginKey,
    proof,
    addressProven: vouched,
  }: {
    account: { email: string } | { id: number };
    loginKey: string;
    /**
     * What the person proved: the mailbox (a code) verifies the address; a passkey proves the person, not the
     * address an admin may have changed since (it stays unverified, and is not promoted by it).
     */
    proof: SignInProof;
    /**
     * Whether the proof vouches for the account's address; unset: every proof but a passkey does. An outside
     * provider that found the account by a linked identity vouches only for the address it gave, which may
     * no longer be the account's (decision 0284).
     */
    addressProven?: boolean;
  },
): Promise<LoginResult> {
  const { prisma, now } = ctx;
  const user = await transaction(prisma, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`;
    const current = await tx.user.findUniqueOrThrow({ where: account });
    // Said only now, to whoever proved the mailbox or the passkey: step one answers a blocked address like
    // any other.
    if (current.blockedAt) throw forbidden(tr(BLOCKED_MESSAGE));
    // 'Только через SSO' (issue 30): every other way in stops here, the desktop hand-off included.
    if (proof !== 'sso')
      await refuseUnlessSsoAllowed(tx, ctx, {
        id: current.id,
        email: current.email,
        isAdmin: current.typeId === USER_TYPE_ADMIN,
      });
    // A passkey proves the person, not the address; a mailbox or an outside provider's word proves it.
    const mailboxLike = vouched ?? proof !== 'passkey';
    const addressProven = mailboxLike || current.emailVerifiedAt !== null;
    // ADMIN_EMAILS promotes only the one who just confirmed a sign-in code mailed to that address: never a
    // passkey, nor an address that came by an e-mail change (decision 0185).
    const listed = proof === 'mailbox' && ctx.config.ADMIN_EMAILS.includes(current.email);
    const firstAccount =
      addressProven &&
      ctx.adminRule === 'first-local-account' &&
      isLoopbackAddress(ctx.ip) &&
      (await tx.user.count({ where: { typeId: USER_TYPE_ADMIN } })) === 0;
    // An unverified account may have been made by someone else typing this address (an e-mail change or an
    // admin's invitation): the mailbox's owner proving it now must not share the account with their sessions.
    const verifyNow = mailboxLike && !current.emailVerifiedAt;
    if (verifyNow) {
      // The address is proven for the first time: the account now exists for the operator's systems.
      await emitEvent(tx, ctx, {
        type: 'user.created',
        organizationId: null,
        data: { id: current.id, email: current.email },
      });
      await deleteUserSessions(tx, current.id);
      await tx.signInDevice.deleteMany({ where: { userId: current.id } });
    }
    return tx.user.update({
      where: { id: current.id },
      data: {
        ...(verifyNow ? { emailVerifiedAt: now } : {}),
        ...(listed || firstAccount ? { typeId: USER_TYPE_ADMIN } : {}),
      },
    });
  });

  const client = { ip: ctx.ip, userAgent: ctx.userAgent };
  const isDesktop = parseDesktopPublicKey(loginKey) !== null;
  // Apart from the transaction above, which holds the first-admin lock: that one stays short.
  const { token, newDevice } = await transaction(prisma, async (tx) => {
    const opened = {
      token: await createSession(tx, user.id, {
        ...client,
        isDesktop,
        method: sessionMethod(proof, isDesktop),
      }),
      newDevice: await rememberDevice(tx, user.id, client, now),
    };
    await recordAudit(tx, ctx, {
      action: 'user.signed_in',
      actorId: user.id,
      targetId: user.id,
      details: { method: proof === 'mailbox' ? 'code' : proof },
    });
    return opened;
  });
  if (newDevice && user.newDeviceMail) {
    // The account's language, not the sign-in screen's (decision 0303).
    await withLocale(asLocale(user.locale), () => {
      const device = describeDevice(client.userAgent) ?? text(UNKNOWN_DEVICE);
      return sendNewDeviceMail(ctx, { to: user.email, at: now, device, ip: client.ip });
    });
  }
  return handOff(loginKey, token, user.vaultKey, ctx.config.DESKTOP_APP_SCHEME);
}

/** sessions.method of a sign-in: a desktop hand-off is 'desktop', whatever proved the account. */
function sessionMethod(proof: SignInProof, isDesktop: boolean): SignInMethod {
  if (isDesktop) return 'desktop';
  return proof === 'mailbox' ? 'code' : proof;
}

/**
 * Runs one sign-in and counts it in cabinet_sign_ins_total (decision 0260): a desktop hand-off (a desktop
 * app's loginKey) is the method 'desktop', whatever proved the account; any refusal counts as a failure.
 */
export async function countedSignIn<T>(
  proof: 'code' | 'passkey' | 'sso' | 'yandex',
  loginKey: string | undefined,
  signIn: () => Promise<T>,
): Promise<T> {
  const method = parseDesktopPublicKey(loginKey) !== null ? 'desktop' : proof;
  try {
    const result = await signIn();
    countSignIn(method, 'success');
    return result;
  } catch (error) {
    countSignIn(method, 'failure');
    throw error;
  }
}
