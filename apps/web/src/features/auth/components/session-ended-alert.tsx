import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useText } from '@/lib/i18n/catalogue';
import { authTexts } from '../texts';

export function SessionEndedAlert() {
  const t = useText(authTexts);
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} mb="lg" role="status">
      {t('Сеанс завершён, войдите снова')}
    </Alert>
  );
}
