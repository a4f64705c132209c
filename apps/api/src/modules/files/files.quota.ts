import { USER_NOT_FOUND } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { AppError, notFound } from '../../lib/app-error';
import { formatNumber } from '../../lib/formats';
import { tr, trId } from '../../lib/i18n';
import type { Db, Tx } from '../../plugins/db/database';

// The per-user storage quota (FILES_QUOTA_BYTES, decision 0095). users.files_bytes holds the bytes of the
// user's file rows; it changes only in the transaction that inserts or deletes those rows. Taking room is
// one conditional UPDATE (`files_bytes + size <= quota`): PostgreSQL re-checks the condition on the row
// version it waited for, so concurrent uploads of one user are counted one after another and never pass
// the quota together.

const UNITS = [trId('Б'), trId('КБ'), trId('МБ'), trId('ГБ'), trId('ТБ')] as const;

/** Bytes for people, in decimal units as disks are sold: 1 ГБ = 1,000,000,000 bytes. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Compared as printed (one decimal), so 999,96 МБ reads '1 ГБ' rather than '1000 МБ'.
  while (Math.round(value * 10) / 10 >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const name = UNITS[unit] ?? UNITS[0];
  return `${formatNumber(value)} ${tr(name)}`;
}

export function quotaExceeded(used: number, quota: number, size: number): AppError {
  return new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    tr(
      'Превышен объём хранилища: занято {used} из {quota}, файл — {size}. Удалите ненужные файлы, чтобы загрузить новые.',
      { used: formatBytes(used), quota: formatBytes(quota), size: formatBytes(size) },
    ),
  );
}

/** The user's stored bytes; an account deleted meanwhile has nowhere to store anything. */
async function usedBytes(db: Db, userId: number): Promise<number> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { filesBytes: true } });
  if (!user) throw notFound(text(USER_NOT_FOUND));
  return Number(user.filesBytes);
}

/** A cheap early refusal before any bytes are stored; reserveQuota decides for good. */
export async function assertQuotaRoom(db: Db, userId: number, size: number, quota: number): Promise<void> {
  const used = await usedBytes(db, userId);
  if (used + size > quota) throw quotaExceeded(used, quota, size);
}

/** Adds `size` to the user's stored bytes if it stays within the quota, else throws 413 and adds nothing. */
export async function reserveQuota(tx: Tx, userId: number, size: number, quota: number): Promise<void> {
  // Raw so that updated_at (the profile's) does not move with every upload.
  const count = await tx.$executeRaw`
    UPDATE "users" SET "files_bytes" = "files_bytes" + ${BigInt(size)}
    WHERE "id" = ${userId} AND "files_bytes" + ${BigInt(size)} <= ${BigInt(quota)}`;
  if (count === 0) throw quotaExceeded(await usedBytes(tx, userId), quota, size);
}

/** Gives back the bytes of deleted file rows (never below zero: rows made outside the API were not counted). */
export async function releaseQuota(tx: Tx, userId: number, bytes: number) {
  if (bytes <= 0) return;
  await tx.$executeRaw`
    UPDATE "users" SET "files_bytes" = GREATEST("files_bytes" - ${BigInt(bytes)}, 0) WHERE "id" = ${userId}`;
}
