import { AVATAR_STACK_MAX, type MemberPreview } from '@cabinet/contracts';
import { Avatar, Tooltip } from '@mantine/core';
import { NameAvatar } from '@/components/name-avatar';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { organizationTexts } from '../texts';

type MemberAvatarStackProps = {
  members: readonly MemberPreview[];
  /** Every member of the organization, the ones not previewed included. */
  total: number;
};

/** What the stack shows (spec section 9): up to 4 faces, then '+N' for the rest. */
export function avatarStackLayout(previewCount: number, total: number): { shown: number; rest: number } {
  const count = Math.max(total, previewCount);
  if (count <= AVATAR_STACK_MAX) return { shown: Math.min(previewCount, count), rest: 0 };
  const shown = Math.min(previewCount, AVATAR_STACK_MAX);
  return { shown, rest: count - shown };
}

/** The Участники column of 'Ваши организации'. */
export function MemberAvatarStack({ members, total }: MemberAvatarStackProps) {
  const t = useText(organizationTexts);
  const { shown, rest } = avatarStackLayout(members.length, total);
  return (
    // Each face covers only the edge of the one before it, never its letters (issue 16).
    <Avatar.Group
      spacing={6}
      aria-label={t(
        '{count, plural, one {# участник} few {# участника} many {# участников} other {# участника}}',
        { count: Math.max(total, members.length) },
      )}
      role="img"
    >
      {members.slice(0, shown).map((member) => {
        const name = displayName(member);
        return (
          <Tooltip key={member.id} label={name} withArrow>
            <NameAvatar src={member.avatar_url} name={name} size={34} />
          </Tooltip>
        );
      })}
      {rest > 0 && (
        <Avatar radius="xl" size={34} data-testid="avatar-stack-rest">
          +{rest}
        </Avatar>
      )}
    </Avatar.Group>
  );
}
