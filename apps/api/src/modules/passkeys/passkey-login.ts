import {
  type LoginResult,
  type PasskeyAuthenticationResponse,
  type PasskeyRequestOptions,
  WEB_LOGIN_KEY,
} from '@cabinet/contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { badRequest } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { sameText } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';
import { completeSignIn, type SignInRulesContext } from '../auth/sign-in';
import { CHALLENGE_TTL_MS, storeChallenge, takeChallenge, verificationFailed } from './challenges';
import type { RelyingParty } from './relying-party';
import { loadWebAuthn } from './webauthn';

// Signing in with a passkey (docs/decisions/0142-passkeys.md): a discoverable credential, so the options
// name no account and are the same for every e-mail; the session is a code sign-in's (sign-in.ts).

const UNKNOWN_PASSKEY = trId('Этот ключ доступа не найден: возможно, он удалён. Войдите по коду из письма');

/** POST /auth/passkey/login/options: the e-mail, if sent, changes nothing (nothing tells who has a passkey). */
export async function authenticationOptions(
  ctx: RequestContext,
  rp: RelyingParty,
): Promise<PasskeyRequestOptions> {
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await storeChallenge(ctx.prisma, options.challenge, {
    purpose: 'authentication',
    userId: null,
    now: ctx.now,
  });
  return options as PasskeyRequestOptions;
}

/**
 * POST /auth/passkey/login/verify: the challenge (used up whatever follows), the credential, the user handle,
 * the signature with user verification, the origin and relying party, and a counter that only grows; then
 * the same sign-in as a code's (a blocked account is refused there).
 */
export async function signInWithPasskey(
  ctx: SignInRulesContext,
  { response, loginKey }: { response: PasskeyAuthenticationResponse; loginKey?: string },
  rp: RelyingParty,
): Promise<LoginResult> {
  const { prisma, now } = ctx;
  const challenge = await takeChallenge(prisma, response.response.clientDataJSON, {
    purpose: 'authentication',
    userId: null,
    now,
  });

  const passkey = await prisma.passkey.findUnique({
    where: { credentialId: response.id },
    select: {
      id: true,
      userId: true,
      credentialId: true,
      publicKey: true,
      counter: true,
      transports: true,
      user: { select: { webauthnUserId: true } },
    },
  });
  if (!passkey) throw badRequest(tr(UNKNOWN_PASSKEY));
  // The authenticator's user handle must name the account the credential belongs to (WebAuthn §7.2, step 6).
  const handle = response.response.userHandle;
  const owner = passkey.user.webauthnUserId;
  if (handle !== undefined && (!owner || !sameText(handle, Buffer.from(owner).toString('base64url')))) {
    throw verificationFailed();
  }

  const { verifyAuthenticationResponse } = await loadWebAuthn();
  const verification = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: Uint8Array.from(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch((err: unknown) => {
    // A counter that did not grow (a cloned authenticator) is refused here too.
    ctx.log.info({ err }, 'passkey sign-in refused');
    throw verificationFailed();
  });
  if (!verification.verified) throw verificationFailed();

  // Only the use that moves the counter from the value checked above wins: two answers signed with one
  // counter value (a clone racing the original) cannot both sign in.
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const { count } = await prisma.passkey.updateMany({
    where: { id: passkey.id, counter: passkey.counter },
    data: { counter: BigInt(newCounter), backedUp: credentialBackedUp, lastUsedAt: now },
  });
  if (count === 0) throw verificationFailed();

  return completeSignIn(ctx, {
    account: { id: passkey.userId },
    loginKey: loginKey || WEB_LOGIN_KEY,
    proof: 'passkey',
  });
}
