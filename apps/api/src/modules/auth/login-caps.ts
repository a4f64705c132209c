import type { ApiText } from '../../i18n/catalogue';
import { tooManyRequests } from '../../lib/app-error';
import { tr, trId } from '../../lib/i18n';
import type { Db, Prisma } from '../../plugins/db/database';

// Caps that span codes (decisions 0082 and 0182). The per-IP limits (plugins/rate-limit) are escaped by
// many addresses, and the five tries of one code by asking for new codes; these are not. They are counted
// per (e-mail, client) first: the client is the request's address, or the sign-in device it names with a
// known device token. Account-wide caps, 4x higher, bound an attacker with many addresses; a known device
// is exempt from them (it keeps its own), so it cannot be locked out from elsewhere.

type LoginEventKind = 'wrong_code' | 'code_sent' | 'change_wrong_code';

interface Cap {
  max: number;
  windowMs: number;
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Wrong codes per (e-mail, client), whichever code they were typed against. */
export const WRONG_CODE_CAPS: readonly Cap[] = [
  { max: 10, windowMs: HOUR_MS },
  { max: 30, windowMs: DAY_MS },
];
/** Code mails per (e-mail, client) (the 60 s resend rule still holds between two of them, per e-mail). */
export const CODE_MAIL_CAPS: readonly Cap[] = [{ max: 10, windowMs: DAY_MS }];
/** Account-wide: every client of the e-mail but known devices, 4x the per-client caps. */
export const ACCOUNT_WRONG_CODE_CAPS: readonly Cap[] = [
  { max: 40, windowMs: HOUR_MS },
  { max: 120, windowMs: DAY_MS },
];
export const ACCOUNT_CODE_MAIL_CAPS: readonly Cap[] = [{ max: 40, windowMs: DAY_MS }];
/** E-mail change: wrong codes per target address across all accounts (decision 0184). */
export const CHANGE_WRONG_CODE_CAPS: readonly Cap[] = [{ max: 10, windowMs: HOUR_MS }];
/** Rows older than the longest window count for nothing. */
const KEEP_MS = DAY_MS;

const WRONG_CODES_MESSAGE = trId('Слишком много неверных кодов. Повторите через {wait}');
const CODE_MAILS_MESSAGE = trId('Слишком много писем с кодом на этот адрес. Повторите через {wait}');
export const CHANGE_WRONG_CODES_MESSAGE = trId(
  'Слишком много неверных кодов для этого адреса. Повторите через {wait}',
);

/** Who a sign-in request counts against: its e-mail, and its address or its known device. */
export interface LoginScope {
  email: string;
  /** 'ip:<address>' or 'device:<id>' (sign-in-devices.ts). */
  client: string;
  /** A known device of the account: counted under its own caps only, not the account-wide ones. */
  knownDevice: boolean;
}

/** The scope of a request from `ip`, or from the known sign-in device `device` of the account. */
export const loginScope = (email: string, ip: string | null | undefined, device: { id: number } | null) =>
  device
    ? { email, client: `device:${device.id}`, knownDevice: true }
    : { email, client: `ip:${ip ?? ''}`.slice(0, 64), knownDevice: false };

/** '42 мин', '3 ч', '5 ч 12 мин': minutes are rounded up, so the time given is never too early. */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 60) return tr('{minutes} мин', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? tr('{hours} ч {rest} мин', { hours, rest }) : tr('{hours} ч', { hours });
}

/** Seconds until every cap has room for one more event of `kind` (of `client`, or of any), or 0 when one fits now. */
async function secondsUntilRoom(
  prisma: Db,
  where: { email: string; kind: LoginEventKind; client?: string },
  caps: readonly Cap[],
) {
  const now = Date.now();
  const longest = Math.max(...caps.map((c) => c.windowMs));
  const recent = await prisma.loginEvent.findMany({
    where: { ...where, createdAt: { gt: new Date(now - longest) } },
    orderBy: { createdAt: 'desc' },
    take: Math.max(...caps.map((c) => c.max)),
    select: { createdAt: true },
  });
  let waitMs = 0;
  for (const cap of caps) {
    // The cap is reached while its max-th newest event is inside the window; room comes when it leaves.
    const edge = recent[cap.max - 1];
    if (edge) waitMs = Math.max(waitMs, edge.createdAt.getTime() + cap.windowMs - now);
  }
  return Math.ceil(waitMs / 1000);
}

/** The client's caps, then (unless a known device) the account-wide ones: 429 when either is full. */
async function refuseWhenCapped(
  prisma: Prisma,
  scope: LoginScope,
  kind: LoginEventKind,
  caps: { client: readonly Cap[]; account: readonly Cap[] },
  message: ApiText,
) {
  const { email, client } = scope;
  let seconds = await secondsUntilRoom(prisma, { email, kind, client }, caps.client);
  if (!scope.knownDevice)
    seconds = Math.max(seconds, await secondsUntilRoom(prisma, { email, kind }, caps.account));
  if (seconds > 0) throw tooManyRequests(tr(message, { wait: formatWait(seconds) }), seconds);
}

/** 429 with Retry-After while the scope is over its wrong-code caps; checked before any code is. */
export const refuseWhenTooManyWrongCodes = (prisma: Prisma, scope: LoginScope) =>
  refuseWhenCapped(
    prisma,
    scope,
    'wrong_code',
    { client: WRONG_CODE_CAPS, account: ACCOUNT_WRONG_CODE_CAPS },
    WRONG_CODES_MESSAGE,
  );

/** 429 with Retry-After while the scope has had its code mails for the day. */
export const refuseWhenTooManyCodeMails = (prisma: Prisma, scope: LoginScope) =>
  refuseWhenCapped(
    prisma,
    scope,
    'code_sent',
    { client: CODE_MAIL_CAPS, account: ACCOUNT_CODE_MAIL_CAPS },
    CODE_MAILS_MESSAGE,
  );

/** When the scope's client last had a code mailed to the e-mail, if within `withinMs`; null otherwise. */
export async function lastCodeSent(prisma: Prisma, { email, client }: LoginScope, withinMs: number) {
  const last = await prisma.loginEvent.findFirst({
    where: { email, kind: 'code_sent', client, createdAt: { gt: new Date(Date.now() - withinMs) } },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  return last?.createdAt ?? null;
}

/** Seconds while the target address of e-mail changes is over its wrong-code cap (0: not). */
export const changeWrongCodesWait = (prisma: Db, email: string) =>
  secondsUntilRoom(prisma, { email, kind: 'change_wrong_code' }, CHANGE_WRONG_CODE_CAPS);

/**
 * Records one event and drops this e-mail's rows that no window needs any more, so the table stays the
 * size of a day's activity per address (a periodic sweep of idle addresses is another runner's job).
 */
export async function recordLoginEvent(
  prisma: Prisma,
  { email, client }: { email: string; client: string },
  kind: LoginEventKind,
): Promise<void> {
  await prisma.$transaction([
    prisma.loginEvent.deleteMany({ where: { email, createdAt: { lt: new Date(Date.now() - KEEP_MS) } } }),
    prisma.loginEvent.create({ data: { email, kind, client } }),
  ]);
}
