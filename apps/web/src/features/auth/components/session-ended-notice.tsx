import { lazy, Suspense, useEffect, useState } from 'react';
import { session } from '@/lib/session';

/**
 * 'Сеанс завершён, войдите снова' on the sign-in screen after a 401 ended a signed-in session and the page
 * reloaded (lib/session.ts expire; issue 16). Shown once: the note is forgotten when it is read.
 */
// Rarely shown, so its alert loads only then, not with the sign-in screen (decision 0111).
const SessionEndedAlert = lazy(() =>
  import('./session-ended-alert').then((m) => ({ default: m.SessionEndedAlert })),
);

export function SessionEndedNotice() {
  // Read in the initializer and forgotten in an effect, so a second render still shows it.
  const [ended] = useState(() => session.endedElsewhere());
  useEffect(() => {
    if (ended) session.endedElsewhere(true);
  }, [ended]);
  if (!ended) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedAlert />
    </Suspense>
  );
}
