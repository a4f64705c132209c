import { Center, Loader } from '@mantine/core';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

export function FullPageLoader() {
  const t = useText(componentTexts);
  return (
    <Center mih="100dvh" role="status" aria-label={t('Загрузка')}>
      <Loader />
    </Center>
  );
}
