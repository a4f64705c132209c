import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useText } from '@/lib/i18n/catalogue';
import type { SearchBox } from '@/lib/use-search-text';
import { componentTexts } from '../texts';

type ListSearchProps = {
  box: SearchBox;
  /** Accessible name: the placeholder alone is not a label. */
  label: string;
};

/** The 'Поиск' box of the admin lists (spec section 2). */
export function ListSearch({ box, label }: ListSearchProps) {
  const t = useText(componentTexts);
  const { text: value, setText: onChange } = box;
  return (
    <TextInput
      type="search"
      placeholder={t('Поиск')}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={box.commit}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t('Очистить поиск')} onClick={() => onChange('')} /> : null
      }
      w={{ base: '100%', xs: 320 }}
    />
  );
}
