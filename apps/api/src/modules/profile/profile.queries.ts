import type { Profile } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../lib/context';
import {
  at,
  effectivePlanId,
  filesOf,
  graceUntil,
  isAdminSql,
  iso,
  planJson,
  typeRef,
} from '../../lib/json-sql';
import { type JsonText, readAnswerRows } from '../../lib/sql';
import { EMAIL_CODE_MAX_ATTEMPTS } from './email-change.service';

const raw = Prisma.raw;

/**
 * The Profile of user `id` as profile/me and profile/{id} answer it, in one statement (decision 0114); null
 * when there is no such user. A field of the answer is one line of the json_build_object below.
 */
export async function selectProfile(ctx: RequestContext, id: number): Promise<JsonText<Profile> | null> {
  const url = ctx.config.PUBLIC_URL;
  const rows = await readAnswerRows<{ profile: JsonText<Profile> }>(
    ctx.pool,
    Prisma.sql`
    SELECT json_build_object(
      'id', u.id,
      'name', u.name,
      'email', u.email,
      'email_verified_at', ${raw(iso('u.email_verified_at'))},
      'pending_email', (SELECT ec.email FROM email_changes ec WHERE ec.user_id = u.id
        AND ec.expires_at > ${at(ctx.now)} AND ec.attempts < ${EMAIL_CODE_MAX_ATTEMPTS}::int),
      'files', ${filesOf('f', url)},
      'org_members', COALESCE((SELECT json_agg(json_build_object('id', m.id,
          'organization_id', m.organization_id, 'type_id', m.type_id, 'status', m.status) ORDER BY m.id)
        FROM members m WHERE m.user_id = u.id), '[]'::json),
      'subscribe', ${planJson('p')},
      'subscribe_id', p.id,
      'subscribe_expires_at', CASE WHEN p.id = u.plan_id THEN ${raw(iso('u.plan_expires_at'))} END,
      'subscribe_grace_until', ${graceUntil('u', ctx)},
      'type_id', u.type_id,
      'type', ${typeRef('t')},
      'is_admin', ${isAdminSql('u')},
      'blocked', u.blocked_at IS NOT NULL,
      'locale', u.locale,
      'created_at', ${raw(iso('u.created_at'))},
      'updated_at', ${raw(iso('u.updated_at'))}
    ) AS profile
    FROM users u
    JOIN user_types t ON t.id = u.type_id
    JOIN plans p ON p.id = ${effectivePlanId('u', ctx)}
    LEFT JOIN files f ON f.id = u.avatar_file_id
    WHERE u.id = ${id}`,
    ['profile'],
  );
  return rows[0]?.profile ?? null;
}
