import type { PendingUser } from '@cabinet/contracts';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AnswerButtons } from '@/components/answer-buttons';
import { EmailText } from '@/components/email-text';
import { NameAvatar } from '@/components/name-avatar';
import { PersonLabel, PersonName } from '@/components/person-name';
import { SectionCard } from '@/components/section-card';
import { displayName, formatDate } from '@/lib/format';
import { quoted } from '@/lib/quoted';
import { useAcceptMember } from '../api/accept-member';
import { usePendingUsers } from '../api/get-pending-users';
import { useRemoveMember } from '../api/remove-member';

/**
 * 'Запросы на вступление' (spec section 2, product-decisions): join requests to the organizations the
 * user owns, with accept and reject, and who asked for each (decision 0098). A failed list is only logged
 * (spec section 8).
 */
export function JoinRequestsPanel() {
  const requests = usePendingUsers();
  const accept = useAcceptMember();
  const reject = useRemoveMember({ failureToast: 'Не удалось отклонить запрос' });
  const [busy, setBusy] = useState<{ id: number; action: 'accept' | 'decline' } | null>(null);

  useEffect(() => {
    if (requests.error) console.warn('Запросы на вступление не загружены:', requests.error);
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
      title="Запросы на вступление"
      gap="sm"
      compact
      aside={
        items.length > 0 && (
          <Text size="sm" c="dimmed" aria-label={`Запросов: ${items.length}`}>
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
          Нет запросов
        </Text>
      )}
      {requests.isError && items.length === 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Не удалось загрузить запросы
          </Text>
          <Button
            size="xs"
            variant="default"
            loading={requests.isFetching}
            onClick={() => requests.refetch()}
          >
            Повторить
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
                        в {quoted(request.organization.name)} · {formatDate(request.created_at)}
                      </Text>
                      {request.requested_by && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                          Запросил: <PersonLabel person={request.requested_by} />
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
                    acceptLabel={`Принять ${name} в ${request.organization.name}`}
                    declineLabel={`Отклонить запрос ${name} в ${request.organization.name}`}
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
