import type { FileEntity, FileListQuery } from '@cabinet/contracts';
import type { Prisma as PrismaTypes } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { likeLiteral } from '../../lib/like';
import { toFileDto } from './files.mapper';

// GET /files (decision 0034): own files, or everyone's for admins; `name` is a literal substring.

const ORDER_FIELDS = {
  id: 'id',
  name: 'originalName',
  size: 'size',
  sort: 'sort',
  created_at: 'createdAt',
} as const;

/** GET /files: the caller's files (admins: everyone's, optionally only of user_ids). */
export async function listFiles(ctx: SignedInContext, query: FileListQuery): Promise<Page<FileEntity>> {
  const { actor, prisma } = ctx;
  const userIds = [...(query['user_ids[]'] ?? []), ...(query.user_ids ?? [])];
  const and: PrismaTypes.FileWhereInput[] = [];
  if (!actor.isAdmin) and.push({ userId: actor.userId });
  // For a non-admin the filter can only narrow their own list (another user's id gives nothing).
  if (userIds.length > 0) and.push({ userId: { in: userIds } });
  if (query.name) and.push({ originalName: { contains: likeLiteral(query.name), mode: 'insensitive' } });
  const where: PrismaTypes.FileWhereInput = { AND: and };
  const field = ORDER_FIELDS[query.sort_by];
  const orderBy: PrismaTypes.FileOrderByWithRelationInput[] =
    field === 'id' ? [{ id: query.order }] : [{ [field]: query.order }, { id: query.order }];
  const [total, files] = await prisma.$transaction([
    prisma.file.count({ where }),
    prisma.file.findMany({
      where,
      orderBy,
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
    }),
  ]);
  return {
    items: files.map((f) => toFileDto(f, ctx.config.PUBLIC_URL)),
    meta: listMeta(query.page, query.perPage, total),
  };
}
