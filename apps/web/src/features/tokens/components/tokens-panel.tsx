import type { PersonalToken } from '@cabinet/contracts';
import { Skeleton, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListPagination } from '@/components/list-frame/list-pagination';
import { ListEmpty, ListError, StaleNotice } from '@/components/list-frame/list-states';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { useText } from '@/lib/i18n';
import { TOKENS_LOAD_FAILED, useRevokeToken, useTokens } from '../api/tokens';
import { tokenTexts } from '../texts';
import { CreateTokenDialog } from './create-token-dialog';
import { TokenList } from './token-list';

const MAX_TOKENS = 20;

/**
 * 'Токены доступа' (issue 29, decision 0218): personal access tokens for scripts, with their rights, term
 * and last use; 'Создать токен' shows the token once; 'Отозвать' ends it at once.
 */
export function TokensPanel() {
  const t = useText(tokenTexts);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);
  const tokens = useTokens(page);
  const revoke = useRevokeToken();
  const items = tokens.data?.items ?? [];
  const total = tokens.data?.meta.total ?? 0;

  return (
    <SectionCard
      title={t('Токены доступа')}
      gap="sm"
      aside={
        <SubmitButton
          type="button"
          size="sm"
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          blockedReason={
            total >= MAX_TOKENS ? t('Не более {count} действующих токенов', { count: MAX_TOKENS }) : null
          }
        >
          {t('Создать токен')}
        </SubmitButton>
      }
    >
      <Text size="sm" c="dimmed">
        {t(
          'Токен позволяет скриптам и программам в терминале вызывать API от вашего имени: передавайте его в заголовке Authorization: Bearer. Токен не даёт доступа к администрированию, безопасности и оплате.',
        )}
      </Text>
      {tokens.isError && tokens.data && <StaleNotice title={t(TOKENS_LOAD_FAILED)} query={tokens} />}
      {tokens.isPending ? (
        <Skeleton height={64} aria-label={t('Загрузка')} />
      ) : tokens.isError && !tokens.data ? (
        <ListError compact title={t(TOKENS_LOAD_FAILED)} query={tokens} />
      ) : items.length === 0 ? (
        <ListEmpty compact hint={t('Создайте токен, чтобы вызывать API из скриптов')} />
      ) : (
        <TokenList tokens={items} onRevoke={setRevoking} />
      )}
      <ListPagination pages={tokens.data?.meta.pages ?? 1} page={page} onChange={setPage} size="sm" />
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDeleteDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('Отозвать токен?')}
        confirmLabel={t('Отозвать токен')}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      >
        <Text size="sm">
          {t(
            'Скрипты, которые используют токен «{name}», сразу перестанут работать. Действие невозможно отменить.',
            { name: revoking?.name ?? '' },
          )}
        </Text>
      </ConfirmDeleteDialog>
    </SectionCard>
  );
}
