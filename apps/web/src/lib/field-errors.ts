import { type ReactNode, useEffect, useRef } from 'react';
import type { FieldErrors } from './api-client';

/**
 * Where the field errors of a failed call go (the envelope's `errors`, issue 16): the form that is saving
 * claims them when it submits (components/form-frame.tsx, or useFieldErrorsClaim below for a form of its
 * own), and the query client's one error handler offers them to it before any toast. A form that shows
 * every one of them next to its fields answers true, and then no toast repeats them (one message per
 * failure, decision 0164; inline everywhere, issue 34 rule 5, decision 0236).
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

/** What a form needs to take errors on its fields: Mantine's useForm has both, a useState form adapts. */
export type FieldErrorsTarget = {
  getValues: () => object;
  setFieldError: (field: string, error: ReactNode) => void;
};

/**
 * The sink of one form: each of the server's fields ('price_month', renamed by `serverFields` to the
 * form's 'priceMonth') gets its messages under it. When one of them is not a field of the form, the form
 * refuses them all and the toast says it instead (a message must never get lost).
 */
export function formFieldErrorsSink(
  form: FieldErrorsTarget,
  serverFields: Record<string, string> = {},
  onShown?: () => void,
): FieldErrorsSink {
  return (errors) => {
    const values = form.getValues();
    const fields = Object.entries(errors).map(
      ([key, messages]) => [serverFields[key] ?? key, messages] as const,
    );
    if (fields.some(([field, messages]) => !(field in values) || messages.length === 0)) return false;
    for (const [field, messages] of fields) form.setFieldError(field, messages.join(' '));
    onShown?.();
    return true;
  };
}

type ClaimOptions = {
  /** Server field names that differ from the form's ('scopes' → 'access'). */
  serverFields?: Record<string, string>;
  /** After the errors are on their fields (the frame moves the focus to the first). */
  onShown?: () => void;
  /** A dialog's form lets go when the dialog closes; a page's when it unmounts. */
  active?: boolean;
};

/**
 * For a form that is not in the form frame (a dialog's, a panel's): call the returned function as the
 * form submits, and the field errors of its call land under its fields instead of in a toast.
 */
export function useFieldErrorsClaim(form: FieldErrorsTarget, options: ClaimOptions = {}): () => void {
  const { active = true } = options;
  const release = useRef<(() => void) | null>(null);
  const latest = useRef({ form, options });
  latest.current = { form, options };
  useEffect(() => {
    if (!active) release.current?.();
  }, [active]);
  useEffect(() => () => release.current?.(), []);
  return () => {
    release.current?.();
    release.current = claimFieldErrors((errors) => {
      const { form: current, options: now } = latest.current;
      return formFieldErrorsSink(current, now.serverFields, now.onShown)(errors);
    });
  };
}
