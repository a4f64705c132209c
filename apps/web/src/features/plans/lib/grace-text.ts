import { formatDate } from '@/lib/format';
import { textNow } from '@/lib/i18n';
import { planTexts } from '../texts';

// The grace period banner of issue 15 (decision 0156): 'Подписка «Про» закончилась 2 дня назад — продлите
// до 27.11.2026, чтобы не потерять возможности'.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The viewer's calendar day of `date` as a day number, so that a DST change never makes 23 or 25 hours. */
const calendarDay = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS;

/**
 * How long ago a plan ended, in the viewer's calendar days: 'сегодня', 'вчера', then '2 дня назад',
 * '5 дней назад', '21 день назад'. An end in the future (clocks apart) reads 'сегодня'.
 */
export function endedAgo(endIso: string, now: Date): string {
  const end = new Date(endIso);
  if (Number.isNaN(end.getTime())) return '';
  const days = calendarDay(now) - calendarDay(end);
  const t = textNow(planTexts);
  if (days <= 0) return t('сегодня');
  if (days === 1) return t('вчера');
  return t('{days, plural, one {# день} few {# дня} many {# дней} other {# дня}} назад', { days });
}

type GraceFacts = {
  planName: string;
  /** The paid plan's end date (profile/me's subscribe_expires_at); null reads without the 'when'. */
  expiresAt: string | null;
  /** The last moment the plan's limits still hold (profile/me's subscribe_grace_until). */
  graceUntil: string;
};

/** The banner's sentence, word for word as issue 15 writes it. */
export function graceBannerText({ planName, expiresAt, graceUntil }: GraceFacts, now = new Date()): string {
  const t = textNow(planTexts);
  const ago = expiresAt ? endedAgo(expiresAt, now) : '';
  const until = formatDate(graceUntil);
  // Issue 15's own words ('Подписка', not 'Тариф'): docs/glossary.md allows this template's head, 'Подписка «'.
  return ago
    ? t('Подписка «{plan}» закончилась {ago} — продлите до {until}, чтобы не потерять возможности', {
        plan: planName,
        ago,
        until,
      })
    : t('Подписка «{plan}» закончилась — продлите до {until}, чтобы не потерять возможности', {
        plan: planName,
        until,
      });
}
