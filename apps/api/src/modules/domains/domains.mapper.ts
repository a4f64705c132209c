import { domainToUnicode } from 'node:url';
import {
  DOMAIN_CHALLENGE_PREFIX,
  DOMAIN_CHALLENGE_VALUE_PREFIX,
  type OrganizationDomain as DomainDto,
} from '@cabinet/contracts';
import type { OrganizationDomain } from '../../generated/prisma/client';

/** The proof's TXT record of a domain row: `_cabinet-challenge.<domain>` = `cabinet-verification=<token>`. */
export const challengeRecord = (row: Pick<OrganizationDomain, 'domain' | 'token'>) => ({
  type: 'TXT' as const,
  name: `${DOMAIN_CHALLENGE_PREFIX}${row.domain}`,
  value: `${DOMAIN_CHALLENGE_VALUE_PREFIX}${row.token}`,
});

export function toDomainDto(row: OrganizationDomain): DomainDto {
  return {
    id: row.id,
    domain: row.domain,
    unicode: domainToUnicode(row.domain) || row.domain,
    verified: row.verifiedAt !== null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    record: challengeRecord(row),
  };
}
