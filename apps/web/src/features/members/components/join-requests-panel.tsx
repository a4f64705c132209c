import type { PendingUser } from '@cabinet/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AnswerButtons } from '@/components/answer-buttons';
import { EmailText } from '@/components/email-text';
import { NameAvatar } from '@/components/name-avatar';
import { PersonLabel, PersonName } from '@/components/person-name';
import { SectionCard } from '@/components/section-card';
import { displayName, formatDate } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { useAcceptMember } from '../api/accept-member';
import { usePendingUsers } from '../api/get-pending-users';
import { useRemoveMember } from '../api/remove-member';
import { memberTexts } from '../texts';

/**
 * 'Запросы на вступление' (spec section 2, product-decisions): join requests to the organizations the
 * user owns, with accept and reject, and who asked for each (decision 0098). A failed list is only logged
 * (spec section 8).
 */
export function JoinRequestsPanel() {
  const t = useText(memberTexts);
  const requests = usePendingUsers();
  const accept = useAcceptMember();
  const reject = useRemoveMember({ failureToast: t('Не удалось отклонить запрос') });
  const [busy, setBusy] = useState<{ id: number; action: 'accept' | 'decline' } | null>(null);

  useEffect(() => {
    if (requests.error)
      console.warn(textNow(memberTexts)('Запросы на вступление не загружены:'), requests.error);
  }, [requests.error]);

  const act = (request: PendingUser, action: 'accept' | 'reject') => {
    setBusy({ id: request.id, action: action === 'accept' ? 'accept' : 'decline' });
    const input = { organizationId: request.organization.id, userId: request.account.id };
    const options = { onSettled: () => setBusy(null) };
    if (action === 'accept') accept.mutate(input, options);
    else reject.mutate(input, options);
  };

  const items = requests.data ?? [];

  return (
    <SectionCard
      title={t('Запросы на вступление')}
      gap="sm"
      compact
      aside={
        items.length > 0 && (
          <Text size="sm" c="dimmed" aria-label={t('Запросов: {count}', { count: items.length })}>
            {items.length}
          </Text>
        )
      }
    >
      {requests.isPending && (
        <Stack gap="xs">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {!requests.isPending && items.length === 0 && !requests.isError && (
        <Text size="sm" c="dimmed">
          {t('Нет запросов')}
        </Text>
      )}
      {requests.isError && items.length === 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('Не удалось загрузить запросы')}
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={requests.isFetching}
            onClick={() => requests.refetch()}
          >
            {t('Повторить')}
          </Button>
        </Group>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((request) => {
          const name = displayName(request.account);
          return (
            <li key={request.id}>
              <Paper withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <Group gap="sm" wrap="nowrap">
                    <NameAvatar src={request.account.avatar_url} name={name} />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <PersonName person={request.account} size="sm" fw={600} />
                      {request.account.name && (
                        <EmailText size="xs" c="dimmed" email={request.account.email} />
                      )}
                      <Text size="xs" c="dimmed">
                        {t('в {organization} · {date}', {
                          organization: quoted(request.organization.name),
                          date: formatDate(request.created_at),
                        })}
                      </Text>
                      {request.requested_by && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                          {t('Запросил:')} <PersonLabel person={request.requested_by} />
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <AnswerButtons
                    size="xs"
                    onAccept={() => act(request, 'accept')}
                    onDecline={() => act(request, 'reject')}
                    pending={busy?.id === request.id ? busy.action : null}
                    disabled={busy !== null}
                    acceptLabel={t('Принять {name} в {organization}', {
                      name,
                      organization: request.organization.name,
                    })}
                    declineLabel={t('Отклонить запрос {name} в {organization}', {
                      name,
                      organization: request.organization.name,
                    })}
                  />
                </Stack>
              </Paper>
            </li>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
