import type { MessageValues } from '@cabinet/contracts/i18n';
import type { Mail } from '../adapters/smtp';
import type { ApiText } from '../i18n/catalogue';
import { currentLocale, tr } from './i18n';

// A mail is paragraphs of lines, said once for both of its parts (issue 32): the text part as it reads,
// the HTML part with every value escaped. Each line is said in the current language (tr), so a mail built
// inside withLocale() is in its recipient's language, subject included.

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A mail's HTML part: its paragraphs (markup already escaped), in the current language. */
export const mailHtml = (paragraphs: string[]) =>
  `<!doctype html><html lang="${currentLocale()}"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</body></html>`;

export interface MailLine {
  text: string;
  html: string;
}

const escapeValues = (values: MessageValues = {}) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' ? escapeHtml(value) : value,
    ]),
  );

/** A line of the catalogue, its values escaped in the HTML part; `markup` gives some of them as HTML. */
export const line = (id: ApiText, values?: MessageValues, markup?: Record<string, string>): MailLine => ({
  text: tr(id, values),
  html: tr(id, { ...escapeValues(values), ...markup }),
});

/** 'label: value', the value in bold in the HTML part (a receipt's facts, a sign-in's). */
export const fact = (label: string, value: string): MailLine => ({
  text: `${label}: ${value}`,
  html: `${escapeHtml(label)}: <b>${escapeHtml(value)}</b>`,
});

/** A line whose text is already said (a value, a code). */
export const plain = (text: string): MailLine => ({ text, html: escapeHtml(text) });

/** `label: url` in the text part, a link named `label` in the HTML part. */
export const link = (label: string, url: string): MailLine => ({
  text: `${label}: ${url}`,
  html: `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`,
});

/** A large code to type (sign-in, e-mail confirmation): `label code` in the text, the code set apart in HTML. */
export const codeLine = (label: string, code: string): MailLine => ({
  text: `${label} ${code}`,
  html: `${escapeHtml(label)}<br>\n<span style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</span>`,
});

/** The mail: paragraphs apart by a blank line in the text part, <p> in the HTML part. */
export function composeMail(to: string, subject: string, paragraphs: MailLine[][]): Mail {
  return {
    to,
    subject,
    text: paragraphs.map((p) => p.map((l) => l.text).join('\n')).join('\n\n'),
    html: mailHtml(paragraphs.map((p) => p.map((l) => l.html).join('<br>\n'))),
  };
}

/** The first paragraph of every mail. */
export const hello = (): MailLine[] => [line('Здравствуйте!')];
