import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconReceiptRefund } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOpenRefundsCount } from '../api/get-refunds';

const countFormat = new Intl.NumberFormat('ru-RU');

/** Admin home widget: how many payments wait to be returned, and the way to the 'Возвраты' screen. */
export function RefundsCard({ href }: { href: string }) {
  const { data, isPending, isError } = useOpenRefundsCount();
  const waiting = (data ?? 0) > 0;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="admin-count-refunds">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={waiting ? 'orange' : undefined} aria-hidden>
          <IconReceiptRefund size={24} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h4" id="admin-count-refunds">
            Возвраты
          </Title>
          {isPending ? (
            <Skeleton height={40} width={80} mt={6} aria-label="Загрузка" />
          ) : (
            <Text fz={36} fw={700} lh={1.2} data-testid="admin-count-refunds">
              {isError ? '—' : countFormat.format(data ?? 0)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            ожидают возврата
          </Text>
        </div>
        <Button component={Link} to={href} variant="light" rightSection={<IconArrowRight size={16} />}>
          К возвратам
        </Button>
      </Stack>
    </Paper>
  );
}
