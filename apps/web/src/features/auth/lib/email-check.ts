import { LoginEmailFormSchema } from '@cabinet/contracts';

/** The e-mail field's message from the contracts' own schema (its Russian texts), or null when it is valid. */
export function emailFieldError(email: string): string | null {
  const result = LoginEmailFormSchema.safeParse({ email });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
