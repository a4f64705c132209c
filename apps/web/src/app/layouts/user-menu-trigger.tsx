import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { EmailText } from '@/components/email-text';
import { NameAvatar } from '@/components/name-avatar';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';
import classes from './user-menu.module.css';

export type UserMenuLook = {
  name: string;
  email: string;
  avatarUrl: string | null;
  /** 'inverse' sits on the blue admin header. */
  variant?: 'default' | 'inverse';
  /** What the trigger shows next to the avatar: the name (default header) or the e-mail (admin). */
  caption: string;
  /** The caption is an e-mail: it wraps at '@' and dots rather than being cut (issue 34). */
  captionIsEmail?: boolean;
  /** Keep the caption on phones too (the admin header has room: no search, no buy button). */
  captionOnPhones?: boolean;
};

/** The avatar button, the same before the menu is loaded and as the menu's target afterwards. */
export function UserMenuTrigger({
  name,
  email,
  avatarUrl,
  variant = 'default',
  caption,
  captionOnPhones = false,
  captionIsEmail = false,
  ...button
}: UserMenuLook & Omit<ComponentProps<typeof UnstyledButton<'button'>>, 'name' | 'variant'>) {
  const t = useText(appTexts);
  return (
    <UnstyledButton className={classes.trigger} data-inverse={variant === 'inverse' || undefined} {...button}>
      <Group gap={10} wrap="nowrap">
        {/* The initials are a picture of the name, not words to read out or to say. */}
        <NameAvatar src={avatarUrl} name={name || email} size={36} />
        {caption && captionIsEmail && (
          <EmailText
            size="sm"
            fw={600}
            lh={1.2}
            className={classes.emailCaption}
            visibleFrom={captionOnPhones ? undefined : 'xs'}
            email={caption}
          />
        )}
        {caption && !captionIsEmail && (
          <Text
            size="sm"
            fw={600}
            className={classes.caption}
            visibleFrom={captionOnPhones ? undefined : 'xs'}
          >
            {caption}
          </Text>
        )}
        {/* The name comes from the content, so it holds the visible caption (WCAG 2.5.3, label in name). */}
        <VisuallyHidden>{t('Меню профиля')}</VisuallyHidden>
        <IconChevronDown size={16} stroke={1.8} aria-hidden className={classes.chevron} />
      </Group>
    </UnstyledButton>
  );
}
