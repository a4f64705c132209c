import { type Invitation, MEMBER_TYPE_ADMIN } from '@cabinet/contracts';
import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconMailForward, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { EmailText } from '@/components/email-text';
import { CardList, CardListItem } from '@/components/list-frame/card-list';
import { ListEmpty, ListError } from '@/components/list-frame/list-states';
import { ListTable } from '@/components/list-frame/list-table';
import { PersonInline, PersonName } from '@/components/person-name';
import { SectionCard } from '@/components/section-card';
import { formatDate, formatDateTime } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { richText } from '@/lib/i18n/rich-text';
import { memberTypeLabel } from '@/lib/member-types';
import {
  useOrganizationInvitations,
  useResendInvitation,
  useRevokeInvitation,
} from '../api/organization-invitations';
import { type InvitationText, invitationTexts } from '../texts';
import { INVITER_GONE } from './invitation-facts';

type Busy = { id: number; action: 'resend' | 'revoke' } | null;

/** Until when it works; in a phone's card, without the table's column header, it says so itself. */
function Expiry({ invitation, card = false }: { invitation: Invitation; card?: boolean }) {
  const t = useText(invitationTexts);
  if (invitation.status === 'expired') {
    return (
      <Badge color="red" variant="light" radius="sm" tt="none">
        {t('Истекло {date}', { date: formatDate(invitation.expires_at) })}
      </Badge>
    );
  }
  if (card) {
    return (
      <Text size="xs" c="dimmed">
        {t('действует до {date}', { date: formatDate(invitation.expires_at) })}
      </Text>
    );
  }
  return <Text size="sm">{formatDate(invitation.expires_at)}</Text>;
}

/** Decision 0191: an admin invitation is resent and revoked by the owner (and site admins) only. */
export const ADMIN_INVITATION_OWNER_ONLY = 'Приглашение администратора отправляет и отзывает владелец';

type ActionsProps = {
  invitation: Invitation;
  busy: Busy;
  /** The owner or a site admin: they also act on invitations of organization admins (type 3). */
  canManageAdmins: boolean;
  /** In a phone's card: left-aligned, and the second button wraps below when the card is narrow. */
  card?: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
};

function InvitationActions({ invitation, busy, card, canManageAdmins, onResend, onRevoke }: ActionsProps) {
  const t = useText(invitationTexts);
  const mine = busy?.id === invitation.id;
  if (invitation.type_id === MEMBER_TYPE_ADMIN && !canManageAdmins) {
    return (
      <Text size="xs" c="dimmed" ta={card ? 'left' : 'right'}>
        {t(ADMIN_INVITATION_OWNER_ONLY)}
      </Text>
    );
  }
  return (
    <Group
      gap={6}
      wrap={card ? 'wrap' : 'nowrap'}
      justify={card ? 'flex-start' : 'flex-end'}
      // A button keeps its whole label: the second one wraps below instead of both being cut.
      preventGrowOverflow={false}
    >
      <Button
        size="xs"
        variant="light"
        leftSection={<IconMailForward size={14} aria-hidden />}
        loading={mine && busy?.action === 'resend'}
        disabled={mine}
        onClick={() => onResend(invitation)}
      >
        {t('Отправить повторно')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconX size={14} aria-hidden />}
        loading={mine && busy?.action === 'revoke'}
        disabled={mine}
        onClick={() => onRevoke(invitation)}
      >
        {t('Отозвать')}
      </Button>
    </Group>
  );
}

/**
 * 'Приглашения' of organization settings (issue 13): the open and the expired invitations with the
 * address, role, who invited, when it was sent and until when it works; 'Отправить повторно' (a new link,
 * at most once a minute) and 'Отозвать'. On phones a list of cards.
 */
export function OrganizationInvitations({
  organizationId,
  canManageAdmins,
}: {
  organizationId: number;
  /** The owner or a site admin; an organization admin sees type-3 invitations without their buttons. */
  canManageAdmins: boolean;
}) {
  const t = useText(invitationTexts);
  const role = (typeId: number) => t(memberTypeLabel(typeId) as InvitationText);
  const invitations = useOrganizationInvitations(organizationId);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [busy, setBusy] = useState<Busy>(null);

  const act = (invitation: Invitation, action: 'resend' | 'revoke') => {
    setBusy({ id: invitation.id, action });
    const input = { organizationId, invitationId: invitation.id };
    const options = { onSettled: () => setBusy(null) };
    if (action === 'resend') resend.mutate(input, options);
    else revoke.mutate(input, options);
  };
  const onResend = (invitation: Invitation) => act(invitation, 'resend');
  const onRevoke = (invitation: Invitation) => act(invitation, 'revoke');

  const items = invitations.data ?? [];
  const empty =
    invitations.isSuccess && items.length === 0 ? (
      <ListEmpty hint={t('Пригласите участника: введите его эл. почту в «Управлении участниками»')} compact />
    ) : undefined;

  return (
    <SectionCard title={t('Приглашения')} gap="md">
      {invitations.isPending && (
        <Stack gap="xs" aria-label={t('Загрузка')}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      )}
      {invitations.isError && (
        <ListError title={t('Не удалось получить список приглашений')} query={invitations} compact />
      )}
      {invitations.isSuccess && (
        <>
          <CardList label={t('Приглашения')} empty={empty}>
            {items.map((invitation) => (
              <CardListItem key={invitation.id}>
                <Stack gap={6}>
                  <EmailText size="sm" fw={600} email={invitation.email} />
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                    {richText(
                      t,
                      '{role} · пригласил {inviter}',
                      {
                        inviter: invitation.invited_by ? (
                          <PersonInline person={invitation.invited_by} />
                        ) : (
                          t(INVITER_GONE)
                        ),
                      },
                      { role: role(invitation.type_id) },
                    )}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {t('Отправлено {date} ·', { date: formatDateTime(invitation.sent_at) })}
                    </Text>
                    <Expiry invitation={invitation} card />
                  </Group>
                  <InvitationActions
                    invitation={invitation}
                    busy={busy}
                    card
                    canManageAdmins={canManageAdmins}
                    onResend={onResend}
                    onRevoke={onRevoke}
                  />
                </Stack>
              </CardListItem>
            ))}
          </CardList>
          <ListTable
            columns={[t('Эл. почта'), t('Роль'), t('Пригласил'), t('Отправлено'), t('Действует до')]}
            actions
            scrollMinWidth={860}
            empty={empty}
          >
            {items.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Td>
                  <EmailText size="sm" email={invitation.email} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{role(invitation.type_id)}</Text>
                </Table.Td>
                <Table.Td>
                  {invitation.invited_by ? (
                    <>
                      <PersonName person={invitation.invited_by} size="sm" />
                      {invitation.invited_by.name.trim() && (
                        <EmailText size="xs" c="dimmed" email={invitation.invited_by.email} />
                      )}
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t(INVITER_GONE)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(invitation.sent_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Expiry invitation={invitation} />
                </Table.Td>
                <Table.Td>
                  <InvitationActions
                    invitation={invitation}
                    busy={busy}
                    canManageAdmins={canManageAdmins}
                    onResend={onResend}
                    onRevoke={onRevoke}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </>
      )}
    </SectionCard>
  );
}
