/*
 * Sign-in constants, apart from the schemas: the web's sign-in screen imports them without pulling zod
 * into its first load (package.json "sideEffects": false lets the bundler skip ./auth.ts; decision 0111).
 */

import { textId } from './i18n/ids';

/** The web's built-in loginKey (spec: "a built-in default is used"). */
export const WEB_LOGIN_KEY = 'web';
export const LOGIN_CODE_LENGTH = 6;

/**
 * The answer to a check of a code that has used up its tries. The server then lets a new code be asked
 * for at once (decision 0160), and the sign-in screen offers it at once.
 */
export const LOGIN_CODE_BURNED_MESSAGE = textId('Превышено число попыток ввода кода, запросите новый');
