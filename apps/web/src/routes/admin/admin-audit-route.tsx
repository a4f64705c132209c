import type { AdminAuditFilter } from '@cabinet/contracts';
import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { downloadAuditCsv, useAdminAudit } from '@/features/audit/api/get-audit';
import { AuditEventList } from '@/features/audit/components/audit-event-list';
import { AuditFilters } from '@/features/audit/components/audit-filters';
import { failureText } from '@/lib/error-message';
import { notifyError } from '@/lib/toasts';

/**
 * /admin/audit (issue 14): every event, newest first, with filters (who, action, organization, dates),
 * 'Показать ещё' paging and the CSV of the filters in force.
 */
export function AdminAuditRoute() {
  const [filters, setFilters] = useState<AdminAuditFilter>({});
  const [downloading, setDownloading] = useState(false);
  const list = useAdminAudit(filters);

  async function download() {
    setDownloading(true);
    try {
      await downloadAuditCsv(filters);
    } catch (error) {
      notifyError(failureText(error, 'Не удалось скачать журнал'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.admin.home.getHref() }, { label: 'Журнал' }]}
        title="Журнал"
        description="Кто и что сделал в кабинете: входы, изменения профилей, организаций, участников и тарифов, оплаты."
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', xs: 'lg' }}>
          <AuditFilters
            onApply={setFilters}
            onDownload={download}
            downloading={downloading}
            organizationId={
              filters.organization_id === undefined ? undefined : Number(filters.organization_id)
            }
          />
        </Paper>
        <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
          <AuditEventList
            list={list}
            withAddress
            emptyHint={
              Object.keys(filters).length > 0 ? 'Ничего не найдено: измените или сбросьте фильтры' : undefined
            }
            onOrganization={(organizationId) => setFilters({ ...filters, organization_id: organizationId })}
          />
        </Paper>
      </Stack>
    </>
  );
}
