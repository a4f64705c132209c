import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

export function SessionEndedAlert() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} mb="lg" role="status">
      Сеанс завершён, войдите снова
    </Alert>
  );
}
