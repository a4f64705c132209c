import { Box, Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconX } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

export type FilterChip = { key: string; label: string };

const CHIP_STYLES = {
  root: { maxWidth: '100%', height: 'auto', minHeight: 26 },
  label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left', paddingBlock: 2 },
} as const;

type CollapsibleFiltersProps = {
  /** The filters in force, each as a chip ('Статус: Оплачен'). */
  chips: readonly FilterChip[];
  /** A chip's ×: that filter goes, the others stay. */
  onRemove: (key: string) => void;
  /** The filters' form. */
  children: ReactNode;
};

/**
 * Filters of an admin list (issue 34, rule 11): on a phone the form hides behind 'Фильтры' (with the count
 * in force), at any width the filters in force show as chips that remove themselves.
 */
export function CollapsibleFilters({ chips, onRemove, children }: CollapsibleFiltersProps) {
  const t = useText(componentTexts);
  const phone = useMediaQuery('(max-width: 35.99em)') ?? false;
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Stack gap="sm">
      {phone && (
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen((value) => !value)}
          style={{ alignSelf: 'flex-start' }}
        >
          {chips.length > 0 ? t('Фильтры ({count})', { count: chips.length }) : t('Фильтры')}
        </Button>
      )}
      {chips.length > 0 && (
        <Group
          gap={6}
          component="ul"
          aria-label={t('Действующие фильтры')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {chips.map((chip) => (
            <li key={chip.key} style={{ maxWidth: '100%' }}>
              <Button
                size="compact-sm"
                variant="light"
                radius="xl"
                rightSection={<IconX size={14} aria-hidden />}
                onClick={() => onRemove(chip.key)}
                aria-label={t('Убрать фильтр {filter}', { filter: chip.label })}
                // A long value (an e-mail) wraps inside the chip rather than pushing the page sideways.
                styles={CHIP_STYLES}
              >
                {chip.label}
              </Button>
            </li>
          ))}
        </Group>
      )}
      <Box id={formId} hidden={phone && !open}>
        {children}
      </Box>
    </Stack>
  );
}
