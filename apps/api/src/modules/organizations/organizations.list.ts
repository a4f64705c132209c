import type { ReferenceType, TypeListQuerySchema } from '@cabinet/contracts';
import type { z } from 'zod';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { likeLiteral } from '../../lib/like';
import { toTypeRef } from './organizations.mapper';

// The two reference lists (organization and member types). The organization lists are
// organizations.queries.ts (home) and organizations.admin-list.ts (admins).

/** The organization types or the member types: short seeded lists, filtered by name. */
export async function listTypes(
  ctx: SignedInContext,
  query: z.output<typeof TypeListQuerySchema> & { kind: 'organization' | 'member' },
): Promise<Page<ReferenceType>> {
  const { prisma } = ctx;
  const where = query.name
    ? { name: { contains: likeLiteral(query.name), mode: 'insensitive' as const } }
    : {};
  const args = {
    where,
    orderBy: { id: 'asc' as const },
    skip: (query.page - 1) * query.perPage,
    take: query.perPage,
  };
  const [total, rows] =
    query.kind === 'organization'
      ? await Promise.all([prisma.organizationType.count({ where }), prisma.organizationType.findMany(args)])
      : await Promise.all([prisma.memberType.count({ where }), prisma.memberType.findMany(args)]);
  return {
    items: rows.map((r) => ({
      ...toTypeRef(r),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    meta: listMeta(query.page, query.perPage, total),
  };
}
