import type { MessageValues, Translate } from '@cabinet/contracts/i18n';
import { Fragment, type ReactNode } from 'react';

// Private-use characters around a placeholder's name: no translation contains them.
const MARK = '\u{E000}';

/**
 * A text with elements inside it ('Письмо с кодом отправлено на <b>адрес</b>'): the whole sentence stays one
 * message, so each language orders its words, and `nodes` fill its placeholders:
 * `richText(t, 'Письмо с кодом отправлено на {email}', { email: <EmailText … /> })`.
 */
export function richText<Id extends string>(
  t: Translate<Id>,
  id: Id,
  nodes: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode {
  const marked = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  const pieces = t(id, { ...values, ...marked }).split(MARK);
  // Odd pieces are placeholder names: the split alternates text and name.
  return pieces.map((piece, index) =>
    index % 2 === 1 && piece in nodes ? <Fragment key={index}>{nodes[piece]}</Fragment> : piece,
  );
}
