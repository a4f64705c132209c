import type { Session } from '@cabinet/contracts';
import { Badge, Button, Flex, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n/catalogue';
import { sessionsTexts } from '../texts';

type SessionListProps = {
  sessions: Session[];
  /** 'Завершить' on a session; the current one has none (its way out is 'Выйти'). */
  onRevoke: (session: Session) => void;
  /** The session being ended: its button waits. */
  revokingId: number | null;
  /** On one's own list the current session reads 'Это устройство'; an admin sees a user's list. */
  markCurrent: boolean;
};

const MOBILE = /\b(iOS|Android|iPadOS)\b/;

/** The facts of a session in one line: where from, when signed in, when last active. */
function sessionFacts(session: Session): string {
  const t = textNow(sessionsTexts);
  return [
    session.application ? session.device : null,
    session.ip ? `IP ${session.ip}` : null,
    t('вход {when}', { when: formatDateTime(session.created_at) }),
    t('активность {when}', { when: formatDateTime(session.last_used_at) }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Sessions, one card each, newest first (decision 0143): device words, badges, facts, 'Завершить'. Its
 * empty and failed states are SessionListState's.
 */
export function SessionList({ sessions, onRevoke, revokingId, markCurrent }: SessionListProps) {
  const t = useText(sessionsTexts);
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('Сеансы')}>
      {sessions.map((session) => {
        const Icon = MOBILE.test(session.device) ? IconDeviceMobile : IconDeviceDesktop;
        const isCurrent = markCurrent && session.current;
        return (
          <Paper key={session.id} component="li" withBorder p="sm" radius="md">
            {/* On phones the button goes under the facts, so neither is squeezed. */}
            <Flex
              direction={{ base: 'column', xs: 'row' }}
              justify="space-between"
              align={{ base: 'stretch', xs: 'flex-start' }}
              gap="sm"
            >
              <Group wrap="nowrap" gap="sm" align="flex-start" style={{ minWidth: 0 }}>
                <ThemeIcon
                  variant="light"
                  color={isCurrent ? 'teal' : 'gray'}
                  size="lg"
                  radius="md"
                  aria-hidden
                >
                  <Icon size={20} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {session.application ?? session.device}
                    </Text>
                    {isCurrent && (
                      <Badge color="teal" variant="light" size="sm">
                        {t('Это устройство')}
                      </Badge>
                    )}
                    {session.application && (
                      <Badge color="indigo" variant="light" size="sm">
                        {session.scopes.includes('write')
                          ? t('Токен: чтение и изменение')
                          : t('Токен: чтение')}
                      </Badge>
                    )}
                    {session.is_desktop && (
                      <Badge color="grape" variant="light" size="sm">
                        {t('Приложение')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {sessionFacts(session)}
                  </Text>
                </Stack>
              </Group>
              {!isCurrent && (
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={() => onRevoke(session)}
                  loading={revokingId === session.id}
                  style={{ flexShrink: 0 }}
                  ml={{ base: 52, xs: 0 }}
                  aria-label={t('Завершить сеанс: {session}', {
                    session: session.application ?? session.device,
                  })}
                >
                  {t('Завершить')}
                </Button>
              )}
            </Flex>
          </Paper>
        );
      })}
    </Stack>
  );
}
