/**
 * Prisma's `contains` is ILIKE '%…%' without escaping: this makes %, _ and \ in searched text match only
 * themselves (backslash is PostgreSQL's default LIKE escape).
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
