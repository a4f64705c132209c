import type { FieldErrors } from './api-client';

/**
 * Where the field errors of a failed call go (the envelope's `errors`, issue 16): the form that is saving
 * claims them when it submits (components/form-frame.tsx), and the query client's one error handler
 * offers them to it before any toast. A form that shows every one of them next to its fields answers true,
 * and then no toast repeats them (one message per failure, decision 0164).
 */
export type FieldErrorsSink = (errors: FieldErrors) => boolean;

let claimed: FieldErrorsSink | null = null;

/** The submitting form takes the next field errors; the returned function lets go (on unmount). */
export function claimFieldErrors(sink: FieldErrorsSink): () => void {
  claimed = sink;
  return () => {
    if (claimed === sink) claimed = null;
  };
}

/** True when the claiming form showed them all. */
export function offerFieldErrors(errors: FieldErrors): boolean {
  if (!claimed || Object.keys(errors).length === 0) return false;
  return claimed(errors);
}
