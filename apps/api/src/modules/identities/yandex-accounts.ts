import { USER_TYPE_ADMIN, UserNameSchema } from '@cabinet/contracts';
import type { YandexUser } from '../../adapters/yandex-id';
import { badRequest, conflict, forbidden } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { RequestContext } from '../../lib/context';
import { newVaultKey } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';
import { type Db, type Tx, transaction } from '../../plugins/db/database';
import { FLOW_STALE } from '../auth/identity-flows';
import { BLOCKED_MESSAGE } from '../auth/sign-in';
import { refuseUnlessSsoAllowed } from '../sso/enforcement';

// Which cabinet account a Yandex ID is (decision 0284): the account its identity is linked to, else the
// account of its default e-mail (which Yandex has confirmed), else a new one. Linking to a signed-in
// account ('Привязать Яндекс ID') is here too. Every refusal comes before anything is created or linked.

export const PROVIDER = 'yandex';

export const NO_EMAIL = trId(
  'В Яндекс ID нет адреса эл. почты: добавьте его в настройках Яндекс ID или войдите по коду из письма',
);
export const LINKED_ELSEWHERE = trId('Этот Яндекс ID уже привязан к другому аккаунту');
export const ANOTHER_LINKED = trId('К аккаунту уже привязан другой Яндекс ID: сначала отвяжите его');

interface Account {
  id: number;
  email: string;
  name: string;
  blockedAt: Date | null;
  typeId: number;
}

const accountFields = { id: true, email: true, name: true, blockedAt: true, typeId: true } as const;

/** The name Yandex gives, when it is one the profile would take (2 to 40 characters); else ''. */
function nameOf(person: YandexUser): string {
  const parsed = UserNameSchema.safeParse(person.name.slice(0, 40));
  return parsed.success ? parsed.data : '';
}

/** Refused before anything changes: a blocked account, or one that 'Только через SSO' keeps out. */
async function refuseAccount(tx: Tx, ctx: RequestContext, account: Account): Promise<void> {
  if (account.blockedAt) throw forbidden(tr(BLOCKED_MESSAGE));
  await refuseUnlessSsoAllowed(tx, ctx, {
    id: account.id,
    email: account.email,
    isAdmin: account.typeId === USER_TYPE_ADMIN,
  });
}

/** Links the Yandex ID to the account (a second callback racing this one links nothing twice). */
async function link(tx: Tx, ctx: RequestContext, userId: number, person: YandexUser): Promise<boolean> {
  const { count } = await tx.userIdentity.createMany({
    data: [
      {
        userId,
        provider: PROVIDER,
        subject: person.id,
        email: person.email ?? '',
        createdAt: ctx.now,
        lastUsedAt: ctx.now,
      },
    ],
    skipDuplicates: true,
  });
  if (count > 0) {
    await recordAudit(tx, ctx, {
      action: 'identity.linked',
      actorId: userId,
      targetId: userId,
      details: { provider: PROVIDER, email: person.email ?? '' },
    });
  }
  return count > 0;
}

/**
 * The account a Yandex sign-in lands on, with the address Yandex vouched for. A linked identity wins, so a
 * changed Yandex e-mail still lands on the account it was linked to; otherwise the default e-mail finds or
 * makes the account (unverified until the sign-in completes, as a code's first step makes one) and links it.
 */
export async function settleYandexAccount(
  ctx: RequestContext,
  person: YandexUser,
): Promise<{ userId: number; vouchedEmail: string | null }> {
  return transaction(ctx.prisma, async (tx) => {
    const linked = await tx.userIdentity.findUnique({
      where: { provider_subject: { provider: PROVIDER, subject: person.id } },
      select: { id: true, user: { select: accountFields } },
    });
    if (linked) {
      await refuseAccount(tx, ctx, linked.user);
      await tx.userIdentity.update({
        where: { id: linked.id },
        data: { lastUsedAt: ctx.now, ...(person.email ? { email: person.email } : {}) },
      });
      return { userId: linked.user.id, vouchedEmail: person.email };
    }

    const email = person.email;
    if (!email) throw badRequest(tr(NO_EMAIL));
    const existing = await tx.user.findUnique({ where: { email }, select: accountFields });
    // A new account is refused too where its domain's organization takes only its SSO.
    if (existing) await refuseAccount(tx, ctx, existing);
    else await refuseUnlessSsoAllowed(tx, ctx, { id: 0, email, isAdmin: false });

    const name = nameOf(person);
    const account = await tx.user.upsert({
      where: { email },
      update: existing && !existing.name && name ? { name } : {},
      create: { email, name, vaultKey: newVaultKey() },
      select: { id: true },
    });
    // One Yandex ID per account: an account linked to another keeps that link (it signs in by its e-mail).
    const other = await tx.userIdentity.count({ where: { userId: account.id, provider: PROVIDER } });
    if (other === 0) await link(tx, ctx, account.id, person);
    return { userId: account.id, vouchedEmail: email };
  });
}

/**
 * 'Привязать Яндекс ID' came back: links the Yandex ID to the account that started it. Refused when it is
 * linked to another account, when this account has another one, and where 'Только через SSO' applies.
 */
export async function linkYandexAccount(
  ctx: RequestContext,
  userId: number | null,
  person: YandexUser,
): Promise<void> {
  await transaction(ctx.prisma, async (tx) => {
    const account = userId
      ? await tx.user.findUnique({ where: { id: userId }, select: accountFields })
      : null;
    if (!account) throw badRequest(tr(FLOW_STALE));
    await refuseAccount(tx, ctx, account);
    const linked = await tx.userIdentity.findUnique({
      where: { provider_subject: { provider: PROVIDER, subject: person.id } },
      select: { id: true, userId: true },
    });
    if (linked && linked.userId !== account.id) throw conflict(tr(LINKED_ELSEWHERE));
    if (linked) {
      await tx.userIdentity.update({
        where: { id: linked.id },
        data: { lastUsedAt: ctx.now, ...(person.email ? { email: person.email } : {}) },
      });
      return;
    }
    await refuseSecondLink(tx, account.id);
    if (!(await link(tx, ctx, account.id, person))) throw conflict(tr(LINKED_ELSEWHERE));
  });
}

/** One Yandex ID per account (decision 0284). */
export async function refuseSecondLink(db: Db, userId: number): Promise<void> {
  const other = await db.userIdentity.findFirst({
    where: { userId, provider: PROVIDER },
    select: { id: true },
  });
  if (other) throw conflict(tr(ANOTHER_LINKED));
}
