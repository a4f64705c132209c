import type { LinkedIdentity } from '@cabinet/contracts';
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandYandex, IconBuilding, IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListEmpty, ListError, StaleNotice } from '@/components/list-frame/list-states';
import { SectionCard } from '@/components/section-card';
import { formatDate, formatDateTime } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n/catalogue';
import {
  IDENTITIES_LOAD_FAILED,
  useIdentities,
  useLinkYandex,
  useUnlinkIdentity,
  useYandexAvailable,
} from '../api/identities';
import { identitiesTexts } from '../texts';

/** How the list names a linked account. */
export function identityTitle(identity: LinkedIdentity): string {
  const t = textNow(identitiesTexts);
  return identity.provider === 'yandex'
    ? t('Яндекс ID')
    : t('Единый вход: {organization}', { organization: identity.organization?.name ?? '' });
}

function usedText(identity: LinkedIdentity): string {
  const t = textNow(identitiesTexts);
  return identity.last_used_at
    ? t('последний вход {when}', { when: formatDateTime(identity.last_used_at) })
    : t('ещё не использовался');
}

/** ?linked=yandex: the API's callback came back from 'Привязать Яндекс ID' (decision 0284). */
const LINKED_PARAM = 'linked';

/**
 * 'Связанные аккаунты' of the 'Безопасность' screen (issue 30, decision 0284): Yandex ID and organizations'
 * single sign-on linked to the account, with when each was linked and last used; 'Привязать Яндекс ID'
 * where the installation has it, and 'Отвязать' for Yandex ID (an organization's single sign-on is the
 * organization's). The code from the mail always stays a way in.
 */
export function IdentitiesPanel() {
  const t = useText(identitiesTexts);
  const identities = useIdentities();
  const yandex = useYandexAvailable();
  const link = useLinkYandex();
  const unlink = useUnlinkIdentity();
  const [confirming, setConfirming] = useState<LinkedIdentity | null>(null);
  const [params, setParams] = useSearchParams();
  const [justLinked] = useState(() => params.get(LINKED_PARAM) === 'yandex');
  useEffect(() => {
    if (params.has(LINKED_PARAM)) setParams({}, { replace: true });
  }, []);

  const items = identities.data ?? [];
  const canLink = yandex.data === true && identities.isSuccess && !items.some((i) => i.provider === 'yandex');
  // Nothing to show on an installation without Yandex ID for an account with no links: no card at all.
  // Shown once both answers are in, last on the screen, so nothing above it moves.
  if (!identities.isError && (identities.isPending || yandex.isPending)) return null;
  if (!identities.isError && items.length === 0 && !canLink && !justLinked) return null;

  return (
    <SectionCard
      title={t('Связанные аккаунты')}
      gap="sm"
      aside={
        canLink && (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconPlus size={16} />}
            loading={link.isPending}
            onClick={() => link.mutate()}
          >
            {t('Привязать Яндекс ID')}
          </Button>
        )
      }
    >
      <Text size="sm" c="dimmed">
        {t(
          'Входите через Яндекс ID или единый вход своей организации. Вход по коду из письма остаётся доступен всегда.',
        )}
      </Text>
      {justLinked && (
        <Alert color="teal" role="status">
          {t('Яндекс ID привязан: теперь можно входить с ним.')}
        </Alert>
      )}
      {identities.isError && identities.data && (
        <StaleNotice title={t(IDENTITIES_LOAD_FAILED)} query={identities} />
      )}
      {identities.isError && !identities.data ? (
        <ListError compact title={t(IDENTITIES_LOAD_FAILED)} query={identities} />
      ) : items.length === 0 ? (
        <ListEmpty
          compact
          hint={canLink ? t('Привяжите Яндекс ID, чтобы входить без кода из письма') : undefined}
        />
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('Связанные аккаунты')}
        >
          {items.map((identity) => (
            <Paper key={identity.id} component="li" withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                    {identity.provider === 'yandex' ? (
                      <IconBrandYandex size={20} stroke={1.6} />
                    ) : (
                      <IconBuilding size={20} stroke={1.6} />
                    )}
                  </ThemeIcon>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {identityTitle(identity)}
                    </Text>
                    {identity.email && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {identity.email}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {t('привязан {date}', { date: formatDate(identity.created_at) })} · {usedText(identity)}
                    </Text>
                  </Stack>
                </Group>
                {identity.can_unlink && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconLinkOff size={16} />}
                    onClick={() => setConfirming(identity)}
                    aria-label={t('Отвязать {identity}', { identity: identityTitle(identity) })}
                  >
                    {t('Отвязать')}
                  </Button>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDeleteDialog
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('Отвязать Яндекс ID?')}
        confirmLabel={t('Отвязать')}
        busy={unlink.isPending}
        onConfirm={() => confirming && unlink.mutate(confirming.id, { onSettled: () => setConfirming(null) })}
      >
        <Text size="sm">
          {confirming?.email
            ? t('Яндекс ID {email} больше не будет входить в этот аккаунт.', { email: confirming.email })
            : t('Яндекс ID больше не будет входить в этот аккаунт.')}{' '}
          {t('Входить по коду из письма можно по-прежнему; привязать Яндекс ID можно снова.')}
        </Text>
      </ConfirmDeleteDialog>
    </SectionCard>
  );
}
