import { Text, type TextProps } from '@mantine/core';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n/catalogue';
import { EmailText } from './email-text';
import { componentTexts } from './texts';

/** What a missing name reads as where the e-mail is shown beside it (issue 16; decision 0164). */
export const NO_NAME = 'Без имени';

type PersonNameProps = Omit<TextProps, 'children'> & {
  person: { name?: string | null; email?: string | null };
  /** The e-mail is shown next to the name (a table's Логин column, a card's second line). */
  emailShown?: boolean;
};

/**
 * The one way a person's name is shown (decision 0164): the name; without one, the e-mail when it is not
 * shown anyway (displayName), else a dimmed 'Без имени' rather than the same address twice.
 */
export function PersonName({ person, emailShown = false, ...textProps }: PersonNameProps) {
  const t = useText(componentTexts);
  const name = person.name?.trim();
  if (name) {
    return (
      <Text {...textProps} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    );
  }
  if (emailShown || !person.email) {
    return (
      <Text {...textProps} c="dimmed" fs="italic">
        {t(NO_NAME)}
      </Text>
    );
  }
  return <EmailText {...textProps} email={displayName(person)} />;
}

type Person = { name?: string | null; email: string };

/** A person inside a sentence: the name, else the e-mail (decision 0164), wrapping at its sensible points. */
export function PersonInline({ person }: { person: Person }) {
  const name = person.name?.trim();
  return name ? name : <EmailText component="span" inherit email={person.email} />;
}

/**
 * 'Анна Петрова (anna@example.com)', or the address alone without a name (lib/format's personLabel) in a
 * sentence, the address wrapping at its sensible points on a phone (issue 16).
 */
export function PersonLabel({ person }: { person: Person }) {
  const name = person.name?.trim();
  const email = <EmailText component="span" inherit email={person.email} />;
  return name ? (
    <>
      {name} ({email})
    </>
  ) : (
    email
  );
}
