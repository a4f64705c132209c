import {
  type AdminAuditFilter,
  type AuditEvent,
  type AuditListMeta,
  auditEndpoints,
  type OrganizationAuditEvent,
  type OrganizationAuditQuery,
} from '@cabinet/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys/audit';

/** Events per page of a 'Журнал'. */
export const AUDIT_PER_PAGE = 20;
export const AUDIT_LOAD_FAILED = 'Не удалось получить журнал';

type AuditPage = { items: AuditEvent[]; meta: AuditListMeta };
/** An organization's log: no client address (decision 0193). */
type OrganizationAuditPage = { items: OrganizationAuditEvent[]; meta: AuditListMeta };
/** The filters of the organization's log (its id is the path's). */
export type OrganizationAuditFilters = Omit<OrganizationAuditQuery, 'perPage' | 'cursor'>;

/** Keyset pages: each asks for the page after the previous one's next_cursor ('Показать ещё'). */
const nextCursor = (last: { meta: AuditListMeta }) => last.meta.next_cursor ?? undefined;

export function useOrganizationAudit(organizationId: number, filters: OrganizationAuditFilters = {}) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: auditKeys.organization(organizationId, filters),
      queryFn: async ({ pageParam }): Promise<OrganizationAuditPage> => {
        const { data, meta } = await callEndpoint(auditEndpoints.organization, {
          params: { id: organizationId },
          query: { ...filters, perPage: AUDIT_PER_PAGE, cursor: pageParam },
        });
        return { items: data, meta };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
      // The list says it failed, with 'Повторить' (decision 0164): no toast besides.
      meta: { errorToast: false },
    }),
  );
}

export function useAdminAudit(filters: AdminAuditFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: auditKeys.admin(filters),
      queryFn: async ({ pageParam }): Promise<AuditPage> => {
        const { data, meta } = await callEndpoint(auditEndpoints.admin, {
          query: { ...filters, perPage: AUDIT_PER_PAGE, cursor: pageParam },
        });
        return { items: data, meta };
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextCursor,
      // The list says it failed, with 'Повторить' (decision 0164): no toast besides.
      meta: { errorToast: false },
    }),
  );
}

/** Saves the CSV of every event matching `filters` (the server streams it; the browser saves the file). */
export async function downloadAuditCsv(filters: AdminAuditFilter): Promise<void> {
  const { blob, fileName } = await downloadEndpoint(auditEndpoints.adminExport, { query: filters });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'audit.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
