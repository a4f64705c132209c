import { Text } from '@mantine/core';
import { SectionCard } from '@/components/section-card';
import { useText } from '@/lib/i18n';
import { useOrganizationAudit } from '../api/get-audit';
import { auditTexts } from '../texts';
import { AuditEventList } from './audit-event-list';

/**
 * 'Журнал' of an organization's page (issue 14): who did what in it, newest first. Shown to those who may
 * read it (its owner, its organization admins and site admins); the server checks again.
 */
export function OrganizationAuditSection({ organizationId }: { organizationId: number }) {
  const t = useText(auditTexts);
  const list = useOrganizationAudit(organizationId);
  return (
    <SectionCard title={t('Журнал')} gap="md">
      <Text size="sm" c="dimmed">
        {t(
          'Кто и что менял в организации: участники и их роли, приглашения, запросы на вступление, передача, название и тип.',
        )}
      </Text>
      <AuditEventList list={list} emptyHint={t('Здесь появятся изменения участников, ролей и настроек')} />
    </SectionCard>
  );
}
