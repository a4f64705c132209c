import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { session } from '@/lib/session';

/**
 * 'Сеанс завершён, войдите снова' on the sign-in screen after a 401 ended a signed-in session and the page
 * reloaded (lib/session.ts expire; issue 16). Shown once: the note is forgotten when it is read.
 */
export function SessionEndedNotice() {
  // Read in the initializer and forgotten in an effect, so a second render still shows it.
  const [ended] = useState(() => session.endedElsewhere());
  useEffect(() => {
    if (ended) session.endedElsewhere(true);
  }, [ended]);
  if (!ended) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} mb="lg" role="status">
      Сеанс завершён, войдите снова
    </Alert>
  );
}
