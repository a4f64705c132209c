import { auditActionLabel, type OrganizationAuditEvent } from '@cabinet/contracts';
import { Anchor, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { EmailText } from '@/components/email-text';
import { CardList, CardListItem } from '@/components/list-frame/card-list';
import { ListEmpty, ListError, StaleNotice } from '@/components/list-frame/list-states';
import { ListTable } from '@/components/list-frame/list-table';
import { PersonName } from '@/components/person-name';
import { formatDateTime } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { AUDIT_LOAD_FAILED } from '../api/get-audit';
import { auditTexts } from '../texts';
import { auditActorName, auditChanges, auditObject } from './audit-event-text';

/** An event of either log: the admins' carries the client address, an organization's does not (decision 0193). */
type AuditEvent = OrganizationAuditEvent & { ip?: string | null };

type AuditEventListProps = {
  /** The keyset pages of a 'Журнал' (features/audit/api). */
  list: UseInfiniteQueryResult<{ pages: { items: AuditEvent[] }[] }>;
  /** The admin's log shows each event's organization; choosing one filters by it. */
  onOrganization?: (organizationId: number) => void;
  /** The admin's log shows the client address ('Адрес'); an organization's has none. */
  withAddress?: boolean;
  /** The line under 'Нет данных' (a filter that found nothing, or what will show here). */
  emptyHint?: string;
};

function Actor({ event }: { event: AuditEvent }) {
  if (!event.actor) {
    return (
      <Text size="sm" fw={500}>
        {auditActorName(event)}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <PersonName person={event.actor} size="sm" fw={500} />
      {event.actor.name.trim() && <EmailText size="xs" c="dimmed" email={event.actor.email} />}
    </Stack>
  );
}

function What({ event }: { event: AuditEvent }) {
  const changes = auditChanges(event);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {auditActionLabel(event.action)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {auditObject(event)}
      </Text>
      {changes && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {changes}
        </Text>
      )}
    </Stack>
  );
}

function Organization({ id, onOrganization }: { id: number | null; onOrganization: (id: number) => void }) {
  if (id === null) return <Text c="dimmed">—</Text>;
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => onOrganization(id)}>
      №{id}
    </Anchor>
  );
}

/**
 * A 'Журнал': events newest first, a table from 576 px and cards below, and 'Показать ещё' while the
 * server has a next page (keyset paging, decision 0145).
 */
export function AuditEventList({ list, onOrganization, emptyHint, withAddress }: AuditEventListProps) {
  const t = useText(auditTexts);
  const events = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('Загрузка')} />
      </Center>
    );
  }
  if (list.isError && events.length === 0) {
    return <ListError compact title={t(AUDIT_LOAD_FAILED)} query={list} />;
  }
  if (events.length === 0) return <ListEmpty compact hint={emptyHint} />;
  const columns = [
    t('Когда'),
    t('Кто'),
    t('Что'),
    ...(onOrganization ? [t('Организация')] : []),
    ...(withAddress ? [t('Адрес')] : []),
  ];
  return (
    <Stack gap="md">
      {list.isRefetchError && <StaleNotice title={t(AUDIT_LOAD_FAILED)} query={list} />}
      <CardList label={t('События журнала')}>
        {events.map((event) => (
          <CardListItem key={event.id}>
            <Stack gap={4}>
              <What event={event} />
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)} · {auditActorName(event)}
                {withAddress && event.ip ? ` · ${event.ip}` : ''}
              </Text>
              {onOrganization && event.organization_id !== null && (
                <Group gap={4}>
                  <Text size="xs" c="dimmed">
                    {t('Организация')}
                  </Text>
                  <Organization id={event.organization_id} onOrganization={onOrganization} />
                </Group>
              )}
            </Stack>
          </CardListItem>
        ))}
      </CardList>
      <ListTable
        columns={columns}
        scrollMinWidth={720}
        verticalSpacing="xs"
        aria-label={t('События журнала')}
      >
        {events.map((event) => (
          <Table.Tr key={event.id}>
            <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
              {formatDateTime(event.at)}
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <Actor event={event} />
            </Table.Td>
            <Table.Td style={{ verticalAlign: 'top' }}>
              <What event={event} />
            </Table.Td>
            {onOrganization && (
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Organization id={event.organization_id} onOrganization={onOrganization} />
              </Table.Td>
            )}
            {withAddress && (
              <Table.Td style={{ verticalAlign: 'top' }}>
                <Text size="sm" c="dimmed">
                  {event.ip ?? '—'}
                </Text>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </ListTable>
      {list.isFetchNextPageError ? (
        // The next page failed: the events shown stay, and 'Повторить' asks for that page again.
        <ListError
          compact
          title={t(AUDIT_LOAD_FAILED)}
          query={{ error: list.error, isFetching: list.isFetchingNextPage, refetch: list.fetchNextPage }}
        />
      ) : (
        list.hasNextPage && (
          <Group justify="center">
            <Button variant="light" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('Показать ещё')}
            </Button>
          </Group>
        )
      )}
    </Stack>
  );
}
