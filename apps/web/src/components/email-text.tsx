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
 * A part of an address with its hyphens held to the next letter: a browser may break a line after any
 * hyphen ('example-|company.ru'), which is not one of the address's sensible points. A part that alone is
 * wider than the line still breaks (overflow-wrap), anywhere.
 */
function PartWithoutHyphenBreaks({ part }: { part: string }) {
  const pieces = part.split(/(-+[^-]?)/).filter(Boolean);
  if (pieces.length === 1) return part;
  return pieces.map((piece, index) =>
    piece.startsWith('-') ? (
      // Pieces of one part never reorder: the index is their identity.
      <span key={index} style={{ whiteSpace: 'nowrap' }}>
        {piece}
      </span>
    ) : (
      <Fragment key={index}>{piece}</Fragment>
    ),
  );
}

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
          <PartWithoutHyphenBreaks part={part} />
        </Fragment>
      ))}
    </Text>
  );
}
