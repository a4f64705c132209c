import { Text, type TextProps } from '@mantine/core';
import { Fragment } from 'react';

/**
 * Where an address may break: after '@' and before each dot, so 'anna.petrova@example.com' wraps as
 * 'anna.petrova@ | example.com' on a 390 px phone rather than in the middle of a word (issue 16).
 */
export function emailParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/);
}

type EmailTextProps = Omit<TextProps, 'children'> & {
  email: string;
  /** 'span' (or 'b', bold) inside a sentence; a block of its own by default. */
  component?: 'span' | 'b' | 'p' | 'div';
};

/**
 * An e-mail address as text that wraps at its sensible points (a <wbr> at each of emailParts), and breaks
 * inside a part only when that part alone is wider than the line.
 */
export function EmailText({ email, component, style, ...textProps }: EmailTextProps) {
  const parts = emailParts(email);
  return (
    <Text
      component={component ?? 'div'}
      {...textProps}
      style={{ overflowWrap: 'break-word', wordBreak: 'normal', minWidth: 0, ...(style as object) }}
    >
      {parts.map((part, index) => (
        // The parts of one address never reorder: the index is their identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}
