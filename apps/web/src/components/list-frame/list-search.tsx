import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { SearchBox } from '@/lib/use-search-text';

type ListSearchProps = {
  box: SearchBox;
  /** Accessible name: the placeholder alone is not a label. */
  label: string;
};

/** The 'Поиск' box of the admin lists (spec section 2). */
export function ListSearch({ box, label }: ListSearchProps) {
  const { text: value, setText: onChange } = box;
  return (
    <TextInput
      type="search"
      placeholder="Поиск"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={box.commit}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton size="sm" aria-label="Очистить поиск" onClick={() => onChange('')} /> : null
      }
      w={{ base: '100%', xs: 320 }}
    />
  );
}
