import { loadOrCreateDataDirSecret } from './data-dir-secret';

// The sign-in code secret (decision 0082) keys the sign-in codes' hashes and, since issue 29, the personal
// access tokens' (decision 0215). Loaded here so that plugins/auth.ts reads it without importing modules/.

export const LOGIN_CODE_SECRET_FILE = 'login-code-secret';

/**
 * LOGIN_CODE_SECRET when set; otherwise a secret made once and kept in DATA_DIR/login-code-secret (mode
 * 0600), which serves one process (or several sharing DATA_DIR): lib/data-dir-secret.ts.
 */
export async function loadLoginCodeSecret(configured: string | undefined, dataDir: string): Promise<string> {
  return configured || loadOrCreateDataDirSecret(dataDir, LOGIN_CODE_SECRET_FILE, 'sign-in code secret');
}
