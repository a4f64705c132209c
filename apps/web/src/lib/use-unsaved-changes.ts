import { useCallback, useEffect, useRef } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';
import { session } from './session';

/**
 * Navigation state of a move that leaves a form on purpose after its work is done (a delete, a save
 * whose screen closes): the unsaved-changes question is not asked. `navigate(to, { state: LEAVE_FORM })`.
 */
export const LEAVE_FORM = { leaveForm: true } as const;

const leavesOnPurpose = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { leaveForm?: unknown }).leaveForm === true;

/**
 * Asks before a form with unsaved changes is left (issue 16): another screen of the cabinet (react-router's
 * blocker; the caller shows the question) or a reload, a closed tab or another site (the browser's own
 * beforeunload question). `allowLeave` lets the next move through without asking ('Отмена' of a create
 * form leaves on purpose); it lasts until the form has changes again.
 */
export function useUnsavedChanges(dirty: boolean): { blocker: Blocker; allowLeave: () => void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowedRef = useRef(false);

  // New changes after an allowed move that did not leave ('Отмена' of a settings form) are guarded again.
  useEffect(() => {
    if (dirty) allowedRef.current = false;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !allowedRef.current &&
      !leavesOnPurpose(nextLocation.state) &&
      currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      // A reload after a lost session (spec section 4) must not stop on a question.
      if (allowedRef.current || !session.getState().isAuthenticated) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const allowLeave = () => {
    allowedRef.current = true;
  };
  return { blocker, allowLeave };
}
