import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useText } from '@/lib/i18n/catalogue';
import { useSearchText } from '@/lib/use-search-text';
import { appTexts } from '../texts';

/** The default layout's search box; its text lives in the URL for the list screens to filter by. */
export function HeaderSearch(props: Omit<TextInputProps, 'value' | 'onChange'>) {
  const t = useText(appTexts);
  const box = useSearchText();
  return (
    <TextInput
      type="search"
      aria-label={t('Поиск')}
      placeholder={t('Поиск')}
      radius="xl"
      leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
      value={box.text}
      onChange={(event) => box.setText(event.currentTarget.value)}
      onBlur={box.commit}
      {...props}
    />
  );
}
