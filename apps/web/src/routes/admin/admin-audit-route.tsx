import { Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { CollapsibleFilters } from '@/components/collapsible-filters';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { downloadAuditCsv, useAdminAudit } from '@/features/audit/api/get-audit';
import { AuditEventList } from '@/features/audit/components/audit-event-list';
import {
  type AppliedAuditFilters,
  AuditFilters,
  auditFilterChips,
  EMPTY_AUDIT_DRAFT,
  withoutAuditFilter,
} from '@/features/audit/components/audit-filters';
import { failureText } from '@/lib/error-message';
import { useText } from '@/lib/i18n';
import { notifyError } from '@/lib/toasts';
import { adminScreenTexts } from './texts';

/**
 * /admin/audit (issue 14): every event, newest first, with filters (who, action, organization, dates),
 * 'Показать ещё' paging and the CSV of the filters in force. On a phone the filters hide behind 'Фильтры';
 * those in force show as chips that remove themselves (issue 34, rule 11).
 */
export function AdminAuditRoute() {
  const t = useText(adminScreenTexts);
  const [applied, setApplied] = useState<AppliedAuditFilters>({ filters: {}, draft: EMPTY_AUDIT_DRAFT });
  const { filters } = applied;
  const [downloading, setDownloading] = useState(false);
  const list = useAdminAudit(filters);

  async function download() {
    setDownloading(true);
    try {
      await downloadAuditCsv(filters);
    } catch (error) {
      notifyError(failureText(error, t('Не удалось скачать журнал')));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.admin.home.getHref() }, { label: t('Журнал') }]}
        title={t('Журнал')}
        description={t(
          'Кто и что сделал в кабинете: входы, изменения профилей, организаций, участников и тарифов, оплаты.',
        )}
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', xs: 'lg' }}>
          <CollapsibleFilters
            chips={auditFilterChips(applied)}
            onRemove={(key) => setApplied(withoutAuditFilter(applied, key))}
          >
            <AuditFilters
              applied={applied}
              onApply={setApplied}
              onDownload={download}
              downloading={downloading}
            />
          </CollapsibleFilters>
        </Paper>
        <Paper withBorder p={{ base: 'sm', xs: 'md' }}>
          <AuditEventList
            list={list}
            withAddress
            emptyHint={
              Object.keys(filters).length > 0
                ? t('Ничего не найдено: измените или сбросьте фильтры')
                : undefined
            }
            onOrganization={(organizationId) =>
              setApplied({
                filters: { ...filters, organization_id: organizationId },
                draft: { ...applied.draft, organization: String(organizationId) },
              })
            }
          />
        </Paper>
      </Stack>
    </>
  );
}
