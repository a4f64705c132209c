import { badRequest } from '../../lib/app-error';
import { tr, trId } from '../../lib/i18n';
import { transactionalJob } from '../../lib/jobs';
import type { Db } from '../../plugins/db/database';

// WebAuthn challenges: made by the options calls, used once by the verify calls, 5 minutes at most
// (docs/decisions/0142-passkeys.md). They are rows, so options from one API process verify on another.

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Whom and what a challenge is for, and the clock of the call. */
export interface ChallengeScope {
  purpose: 'registration' | 'authentication';
  /** The signed-in account a registration is for; null for sign-in. */
  userId: number | null;
  now: Date;
}

export async function storeChallenge(db: Db, challenge: string, { purpose, userId, now }: ChallengeScope) {
  await db.webauthnChallenge.create({
    data: {
      challenge,
      purpose,
      userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      createdAt: now,
    },
  });
}

const STALE_CHALLENGE = trId('Время на подтверждение истекло, попробуйте ещё раз');
const BAD_RESPONSE = trId('Не удалось проверить ключ доступа, попробуйте ещё раз');

/** The challenge inside a browser's clientDataJSON, or a 400 when it holds none. */
function challengeOf(clientDataJSON: string): string {
  try {
    const client = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof client.challenge === 'string' && client.challenge.length <= 128) return client.challenge;
  } catch {}
  throw badRequest(tr(BAD_RESPONSE));
}

/**
 * Takes the challenge a browser answered (read from its clientDataJSON) and returns it: deletes it first,
 * so that whatever follows (a signature that fails included) it is never accepted again. A challenge that
 * is unknown, used, expired, of another purpose or (registration) of another account is a 400.
 */
export async function takeChallenge(db: Db, clientDataJSON: string, scope: ChallengeScope): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const { count } = await db.webauthnChallenge.deleteMany({
    where: { challenge, purpose: scope.purpose, userId: scope.userId, expiresAt: { gt: scope.now } },
  });
  if (count === 0) throw badRequest(tr(STALE_CHALLENGE));
  return challenge;
}

/** Hourly: challenges handed out and never answered. */
export const pruneChallengesJob = transactionalJob(
  'prune-webauthn-challenges',
  '15 * * * *',
  async (tx, now) => (await tx.webauthnChallenge.deleteMany({ where: { expiresAt: { lte: now } } })).count,
);

/** The message of a response the WebAuthn checks refused (the library's own words are only logged). */
export const verificationFailed = () => badRequest(tr(BAD_RESPONSE));
