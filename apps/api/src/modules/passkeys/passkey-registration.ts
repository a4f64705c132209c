import { randomBytes } from 'node:crypto';
import type {
  PasskeyCreationOptions,
  Passkey as PasskeyDto,
  PasskeyRegistrationResponse,
} from '@cabinet/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { conflict, limitReached } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { transaction } from '../../plugins/db/database';
import { CHALLENGE_TTL_MS, storeChallenge, takeChallenge, verificationFailed } from './challenges';
import { passkeyFields, toPasskeyDto } from './passkeys.service';
import type { RelyingParty } from './relying-party';
import { loadWebAuthn } from './webauthn';

// Adding a passkey, signed in (after a code sign-in): options, then the browser's answer checked and kept
// (docs/decisions/0142-passkeys.md).

export const PASSKEYS_MAX = 20;
/** The refusal of one passkey too many, in the request's language. */
const tooMany = () => limitReached(tr('Можно добавить не более {max} ключей доступа', { max: PASSKEYS_MAX }));

/** The account's WebAuthn user handle: random, made once, never its id or e-mail. */
async function userHandle(
  ctx: SignedInContext,
  current: Uint8Array | null,
): Promise<Uint8Array<ArrayBuffer>> {
  if (current) return Uint8Array.from(current);
  const { userId } = ctx.actor;
  // Two tabs at once: the first write wins and both use it.
  await ctx.prisma.user.updateMany({
    where: { id: userId, webauthnUserId: null },
    data: { webauthnUserId: Uint8Array.from(randomBytes(32)) },
  });
  const user = await ctx.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { webauthnUserId: true },
  });
  return Uint8Array.from(user.webauthnUserId ?? []);
}

/** POST /auth/passkey/register/options: creation options for a discoverable, user-verifying credential. */
export async function registrationOptions(
  ctx: SignedInContext,
  rp: RelyingParty,
): Promise<PasskeyCreationOptions> {
  const user = await ctx.prisma.user.findUniqueOrThrow({
    where: { id: ctx.actor.userId },
    select: {
      email: true,
      name: true,
      webauthnUserId: true,
      passkeys: { select: { credentialId: true, transports: true } },
    },
  });
  if (user.passkeys.length >= PASSKEYS_MAX) throw tooMany();
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: await userHandle(ctx, user.webauthnUserId),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The authenticators that hold one of the account's passkeys already decline to make a second.
    excludeCredentials: user.passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(ctx.prisma, options.challenge, {
    purpose: 'registration',
    userId: ctx.actor.userId,
    now: ctx.now,
  });
  return { ...options, rp: { name: rp.name, id: rp.id } } as PasskeyCreationOptions;
}

/**
 * POST /auth/passkey/register/verify: the answer must carry a challenge made for this account, from this
 * origin and relying party, with the user verified; its credential id must be new to every account.
 */
export async function registerPasskey(
  ctx: SignedInContext,
  { response, name }: { response: PasskeyRegistrationResponse; name: string },
  rp: RelyingParty,
): Promise<PasskeyDto> {
  const { userId } = ctx.actor;
  const challenge = await takeChallenge(ctx.prisma, response.response.clientDataJSON, {
    purpose: 'registration',
    userId,
    now: ctx.now,
  });
  const { verifyRegistrationResponse } = await loadWebAuthn();
  const verification = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((err: unknown) => {
    ctx.log.info({ err }, 'passkey registration refused');
    throw verificationFailed();
  });
  if (!verification.verified) throw verificationFailed();
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  // The id kept is the one the authenticator signed; an answer naming another is not its own.
  if (credential.id !== response.id) throw verificationFailed();

  if ((await ctx.prisma.passkey.count({ where: { userId } })) >= PASSKEYS_MAX) throw tooMany();
  const passkey = await mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        const created = await tx.passkey.create({
          data: {
            userId,
            credentialId: credential.id,
            publicKey: Uint8Array.from(credential.publicKey),
            counter: BigInt(credential.counter),
            transports: (credential.transports ?? []).slice(0, 10),
            deviceType: credentialDeviceType,
            backedUp: credentialBackedUp,
            name,
            createdAt: ctx.now,
          },
          select: passkeyFields,
        });
        // Its name only: the credential id and the public key never enter the log.
        await recordAudit(tx, ctx, { action: 'passkey.added', targetId: created.id, details: { name } });
        return created;
      }),
    { unique: conflict(tr('Этот ключ доступа уже добавлен')) },
  );
  return toPasskeyDto(passkey);
}
