import { auditEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { keysetListOkJson } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { exportAuditCsv } from './audit.export';
import { listAdminAudit, listOrganizationAudit } from './audit.service';

// The audit log (docs/authorization/audit.md): an organization's events, all events, and their CSV.
export default routes(() => [
  handle(e.organization, async (ctx, { params, query }) => {
    const page = await listOrganizationAudit(ctx, {
      ...query,
      actorId: query.actor_id,
      organizationId: params.id,
    });
    return keysetListOkJson(page.items, page.meta, tr('Журнал организации'));
  }),

  handle(e.admin, async (ctx, { query }) => {
    const page = await listAdminAudit(ctx, {
      ...query,
      actorId: query.actor_id,
      organizationId: query.organization_id,
    });
    return keysetListOkJson(page.items, page.meta, tr('Журнал'));
  }),

  handle(e.adminExport, async (ctx, { query }, _request, reply) => {
    const csv = await exportAuditCsv(ctx, {
      action: query.action,
      actorId: query.actor_id,
      organizationId: query.organization_id,
      from: query.from,
      to: query.to,
    });
    const day = ctx.now.toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  }),
]);
