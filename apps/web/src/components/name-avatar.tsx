import { Avatar, type AvatarProps } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { initialsOf } from '@/lib/initials';

type NameAvatarProps = Pick<AvatarProps, 'size' | 'radius' | 'className'> & {
  src: string | null | undefined;
  name: string;
  /** Text for a picture that says something (a preview); decorative by default. */
  alt?: string;
};

/**
 * The picture of a person or an organization, else its initials (letters only, lib/initials.ts) in the
 * name's colour. Decorative: the name is always written next to it, so screen readers skip it.
 */
export function NameAvatar({ src, name, size, radius = 'xl', className, alt = '' }: NameAvatarProps) {
  return (
    <Avatar
      src={src ?? null}
      name={name}
      color="initials"
      size={size}
      radius={radius}
      alt={alt}
      className={className}
      aria-hidden={alt ? undefined : true}
    >
      {initialsOf(name) || <IconUser size="55%" stroke={1.6} />}
    </Avatar>
  );
}
