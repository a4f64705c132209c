import { useCallback, useRef, useState } from 'react';

type Callbacks<R> = { onSuccess?: (result: R) => void; onError?: (error: unknown) => void };

type ActionState = { isPending: boolean; error: unknown; isError: boolean };

const idle: ActionState = { isPending: false, error: null, isError: false };

/**
 * useMutation's shape (mutate with per-call callbacks, isPending, isError, error, reset) without a query
 * client, for the sign-in screen: its calls neither toast nor touch the cache, and leaving react-query out
 * of that screen keeps its first load within budget (decision 0111). As with useMutation, only the latest
 * call reports, and reset() forgets the one in flight.
 */
export function useAction<I, R>(action: (input: I) => Promise<R>) {
  const [state, setState] = useState<ActionState>(idle);
  const latest = useRef(0);

  const mutate = useCallback(
    (input: I, callbacks: Callbacks<R> = {}) => {
      const call = ++latest.current;
      setState({ isPending: true, error: null, isError: false });
      action(input).then(
        (result) => {
          if (call !== latest.current) return;
          setState(idle);
          callbacks.onSuccess?.(result);
        },
        (error: unknown) => {
          if (call !== latest.current) return;
          setState({ isPending: false, error, isError: true });
          callbacks.onError?.(error);
        },
      );
    },
    [action],
  );

  const reset = useCallback(() => {
    latest.current++;
    setState(idle);
  }, []);

  return { ...state, mutate, reset };
}
