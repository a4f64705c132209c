import type { PersonalToken } from '@cabinet/contracts';
import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { TooltipAction } from '@/components/tooltip-action';
import { formatDate, formatDateTime } from '@/lib/format';

function tokenFacts(token: PersonalToken): string {
  return [
    `создан ${formatDate(token.created_at)}`,
    token.expires_at ? `действует до ${formatDate(token.expires_at)}` : 'бессрочный',
    token.last_used_at
      ? `использован ${formatDateTime(token.last_used_at)}${token.last_used_ip ? ` с IP ${token.last_used_ip}` : ''}`
      : 'ещё не использовался',
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
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Токены доступа">
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
                    {token.scopes.includes('write') ? 'Чтение и изменение' : 'Только чтение'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {token.prefix}…
                </Text>
                <Text size="xs" c="dimmed">
                  {tokenFacts(token)}
                </Text>
              </Stack>
            </Group>
            <TooltipAction
              tooltip="Отозвать"
              label={`Отозвать токен ${token.name}`}
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
