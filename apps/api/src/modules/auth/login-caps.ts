import { tooManyRequests } from '../../lib/app-error';
import type { Prisma } from '../../plugins/db/database';

// Caps per e-mail that span codes (decision 0082). The per-IP limits (plugins/rate-limit) are escaped by
// many addresses, and the five tries of one code by asking for new codes; these are not.

type LoginEventKind = 'wrong_code' | 'code_sent';

interface Cap {
  max: number;
  windowMs: number;
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Wrong codes per e-mail, whichever code they were typed against. */
export const WRONG_CODE_CAPS: readonly Cap[] = [
  { max: 10, windowMs: HOUR_MS },
  { max: 30, windowMs: DAY_MS },
];
/** Code mails per address (the 60 s resend rule still holds between two of them). */
export const CODE_MAIL_CAPS: readonly Cap[] = [{ max: 10, windowMs: DAY_MS }];
/** Rows older than the longest window count for nothing. */
const KEEP_MS = DAY_MS;

const WRONG_CODES_MESSAGE = 'Слишком много неверных кодов. Повторите через';
const CODE_MAILS_MESSAGE = 'Слишком много писем с кодом на этот адрес. Повторите через';

/** '42 мин', '3 ч', '5 ч 12 мин': minutes are rounded up, so the time given is never too early. */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} ч ${rest} мин` : `${hours} ч`;
}

/** Seconds until every cap has room for one more event of `kind`, or 0 when one fits now. */
async function secondsUntilRoom(prisma: Prisma, email: string, kind: LoginEventKind, caps: readonly Cap[]) {
  const now = Date.now();
  const longest = Math.max(...caps.map((c) => c.windowMs));
  const recent = await prisma.loginEvent.findMany({
    where: { email, kind, createdAt: { gt: new Date(now - longest) } },
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

async function refuseWhenCapped(
  prisma: Prisma,
  email: string,
  kind: LoginEventKind,
  caps: readonly Cap[],
  message: string,
) {
  const seconds = await secondsUntilRoom(prisma, email, kind, caps);
  if (seconds > 0) throw tooManyRequests(`${message} ${formatWait(seconds)}`, seconds);
}

/** 429 with Retry-After while the e-mail is over its wrong-code caps; checked before any code is. */
export const refuseWhenTooManyWrongCodes = (prisma: Prisma, email: string) =>
  refuseWhenCapped(prisma, email, 'wrong_code', WRONG_CODE_CAPS, WRONG_CODES_MESSAGE);

/** 429 with Retry-After while the address has had its code mails for the day. */
export const refuseWhenTooManyCodeMails = (prisma: Prisma, email: string) =>
  refuseWhenCapped(prisma, email, 'code_sent', CODE_MAIL_CAPS, CODE_MAILS_MESSAGE);

/**
 * Records one event and drops this e-mail's rows that no window needs any more, so the table stays the
 * size of a day's activity per address (a periodic sweep of idle addresses is another runner's job).
 */
export async function recordLoginEvent(prisma: Prisma, email: string, kind: LoginEventKind): Promise<void> {
  await prisma.$transaction([
    prisma.loginEvent.deleteMany({ where: { email, createdAt: { lt: new Date(Date.now() - KEEP_MS) } } }),
    prisma.loginEvent.create({ data: { email, kind } }),
  ]);
}
