import type { PersonalToken } from '@cabinet/contracts';
import type { Translate } from '@cabinet/contracts/i18n';
import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { TooltipAction } from '@/components/tooltip-action';
import { formatDate, formatDateTime } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { type TokenText, tokenTexts } from '../texts';

function tokenFacts(t: Translate<TokenText>, token: PersonalToken): string {
  const used = token.last_used_at ? formatDateTime(token.last_used_at) : null;
  return [
    t('создан {date}', { date: formatDate(token.created_at) }),
    token.expires_at ? t('действует до {date}', { date: formatDate(token.expires_at) }) : t('бессрочный'),
    used === null
      ? t('ещё не использовался')
      : token.last_used_ip
        ? t('использован {date} с IP {ip}', { date: used, ip: token.last_used_ip })
        : t('использован {date}', { date: used }),
  ].join(' · ');
}

/** Personal access tokens, one card each (issue 29): name, rights, prefix, dates, last use, 'Отозвать'. */
export function TokenList({
  tokens,
  onRevoke,
}: {
  tokens: PersonalToken[];
  onRevoke: (token: PersonalToken) => void;
}) {
  const t = useText(tokenTexts);
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('Токены доступа')}>
      {tokens.map((token) => (
        <Paper key={token.id} component="li" withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                <IconKey size={20} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {token.name}
                  </Text>
                  <Badge variant="light" size="sm" color={token.scopes.includes('write') ? 'orange' : 'blue'}>
                    {token.scopes.includes('write') ? t('Чтение и изменение') : t('Только чтение')}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {token.prefix}…
                </Text>
                <Text size="xs" c="dimmed">
                  {tokenFacts(t, token)}
                </Text>
              </Stack>
            </Group>
            <TooltipAction
              tooltip={t('Отозвать')}
              label={t('Отозвать токен {name}', { name: token.name })}
              icon={<IconTrash size={18} />}
              variant="subtle"
              color="red"
              size="lg"
              onClick={() => onRevoke(token)}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
