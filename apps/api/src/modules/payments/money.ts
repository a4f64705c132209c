// Amounts in kopecks: what the price checks and the plan-term credit count in (decisions 0023 and 0091).

/** '990', '990.5', '990.50' → 99050 kopecks; anything else (negative, 3 decimals, exponent) → null. */
export function toKopecks(amount: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A money column (Prisma's Decimal) in kopecks. */
export const decimalKopecks = (value: { toFixed(digits: number): string }): number =>
  toKopecks(value.toFixed(2)) ?? 0;

/** 99050 → '990.50'. */
export const fromKopecks = (kopecks: number): string =>
  `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
