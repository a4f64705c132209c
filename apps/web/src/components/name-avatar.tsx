import { Avatar, type AvatarProps } from '@mantine/core';

type NameAvatarProps = Pick<AvatarProps, 'size' | 'radius'> & {
  src: string | null | undefined;
  name: string;
};

/** The picture of a person or an organization, else its initials in the name's colour; decorative. */
export function NameAvatar({ src, name, size, radius = 'xl' }: NameAvatarProps) {
  return <Avatar src={src ?? null} name={name} color="initials" size={size} radius={radius} alt="" />;
}
