import { Skeleton, Text } from '@mantine/core';
import { useState } from 'react';
import { ListPagination } from '@/components/list-frame/list-pagination';
import { ListEmpty, ListError } from '@/components/list-frame/list-states';
import { SectionCard } from '@/components/section-card';
import { useText } from '@/lib/i18n';
import { TOKENS_LOAD_FAILED, useRevokeUserToken, useUserTokens } from '../api/tokens';
import { tokenTexts } from '../texts';
import { TokenList } from './token-list';

/** 'Токены доступа' of an account on its admin screen (issue 29): the user's live tokens, each to revoke. */
export function UserTokensPanel({ userId }: { userId: number }) {
  const t = useText(tokenTexts);
  const [page, setPage] = useState(1);
  const tokens = useUserTokens(userId, page);
  const revoke = useRevokeUserToken();
  const items = tokens.data?.items ?? [];
  return (
    <SectionCard title={t('Токены доступа')} gap="sm">
      <Text size="sm" c="dimmed">
        {t(
          'Токены, с которыми скрипты пользователя вызывают API. Отозванный токен перестаёт работать сразу.',
        )}
      </Text>
      {tokens.isPending ? (
        <Skeleton height={64} aria-label={t('Загрузка')} />
      ) : tokens.isError && !tokens.data ? (
        <ListError compact title={t(TOKENS_LOAD_FAILED)} query={tokens} />
      ) : items.length === 0 ? (
        <ListEmpty compact hint={t('У пользователя нет токенов доступа')} />
      ) : (
        <TokenList tokens={items} onRevoke={(token) => revoke.mutate({ userId, tokenId: token.id })} />
      )}
      <ListPagination pages={tokens.data?.meta.pages ?? 1} page={page} onChange={setPage} size="sm" />
    </SectionCard>
  );
}
