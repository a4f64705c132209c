import type { OrganizationDomain as DomainDto } from '@cabinet/contracts';
import { lookupTxt } from '../../adapters/dns';
import { badGateway, conflict } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { transaction } from '../../plugins/db/database';
import { challengeRecord, toDomainDto } from './domains.mapper';
import { domainConflict, requireDomain, TAKEN_ELSEWHERE, verifiedElsewhere } from './domains.service';

// 'Проверить' (issue 30; decision 0272): the TXT record `_cabinet-challenge.<domain>` is looked up through
// the DNS adapter; the domain is verified when one of its values is exactly `cabinet-verification=<token>`.
// A verified domain stays verified, its record gone or not, until it is removed (issue 30).

export const notFoundMessage = (name: string) =>
  tr(
    'Запись TXT {name} не найдена. Добавьте её в DNS домена и проверьте снова: изменения DNS иногда доходят за несколько часов.',
    { name },
  );
export const mismatchMessage = (name: string, value: string) =>
  tr('В записи TXT {name} нет нужного значения. Укажите значение {value} и проверьте снова.', {
    name,
    value,
  });
export const NO_ANSWER = trId('DNS не ответил на запрос. Попробуйте проверить позже.');

/**
 * Spends one check of the budgets (per organization and per domain, domains.routes.ts); throws 429 past
 * them. Called only when DNS is about to be asked, after the access rule, so nobody spends another's.
 */
export type SpendCheck = () => Promise<void>;

export async function verifyDomain(
  ctx: SignedInContext,
  params: { id: number; did: number },
  spendCheck: SpendCheck,
): Promise<{ domain: DomainDto; already: boolean }> {
  const row = await requireDomain(ctx, params);
  if (row.verifiedAt) return { domain: toDomainDto(row), already: true };
  if (await verifiedElsewhere(ctx.prisma, row.organizationId, row.domain))
    throw domainConflict(tr(TAKEN_ELSEWHERE));
  await spendCheck();

  const record = challengeRecord(row);
  const found = await lookupTxt(record.name, { servers: ctx.config.DNS_SERVERS });
  const checkedAt = ctx.now;
  if (found.status !== 'found' || !found.values.includes(record.value)) {
    await ctx.prisma.organizationDomain.updateMany({
      where: { id: row.id },
      data: { lastCheckedAt: checkedAt },
    });
    if (found.status === 'no-answer') {
      // node's code goes to the server's log, never to the client.
      ctx.log.warn({ domain: row.domain, code: found.code }, 'domain check: DNS did not answer');
      throw badGateway(tr(NO_ANSWER));
    }
    if (found.status === 'not-found') throw conflict(notFoundMessage(record.name));
    throw conflict(mismatchMessage(record.name, record.value));
  }

  const verified = await mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        // Only a row still unverified: a second 'Проверить' at the same moment changes nothing more.
        const { count } = await tx.organizationDomain.updateMany({
          where: { id: row.id, verifiedAt: null },
          data: { verifiedAt: checkedAt, lastCheckedAt: checkedAt },
        });
        if (count > 0) {
          await recordAudit(tx, ctx, {
            action: 'domain.verified',
            targetId: row.id,
            organizationId: row.organizationId,
            details: { domain: row.domain },
          });
        }
        return tx.organizationDomain.findUniqueOrThrow({ where: { id: row.id } });
      }),
    // The partial unique index (one verified row per domain): another organization got there first.
    { unique: domainConflict(tr(TAKEN_ELSEWHERE)) },
  );
  return { domain: toDomainDto(verified), already: false };
}
