import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSearchText } from '@/lib/use-search-text';

/** The default layout's search box; its text lives in the URL for the list screens to filter by. */
export function HeaderSearch(props: Omit<TextInputProps, 'value' | 'onChange'>) {
  const box = useSearchText();
  return (
    <TextInput
      type="search"
      aria-label="Поиск"
      placeholder="Поиск"
      radius="xl"
      leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
      value={box.text}
      onChange={(event) => box.setText(event.currentTarget.value)}
      onBlur={box.commit}
      {...props}
    />
  );
}
