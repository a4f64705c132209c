/**
 * What a query or mutation tells the one error handler (app/query-client.ts) about its failures.
 * Declared on react-query's Register so `meta` is typed everywhere.
 */
export type AppQueryMeta = {
  /**
   * Text of the error toast instead of the server's message (spec section 8 names one per call), or
   * false when the screen shows the error itself and no toast is wanted.
   */
  errorToast?: string | false;
  /**
   * The spec's text of a failed action whose server can say exactly what went wrong: a refusal the user
   * can act on shows the server's own message instead (lib/error-message.ts, decision 0051).
   */
  errorFallback?: string;
  /**
   * The call does not rest on the session (sign-in, sign-out), so its 401 is an answer to show, not a
   * sign that the session is gone.
   */
  sessionless?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}
