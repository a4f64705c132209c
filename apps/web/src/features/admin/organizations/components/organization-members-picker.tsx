import {
  MEMBER_TYPE_MEMBER,
  MEMBER_TYPE_OWNER,
  USER_NOT_FOUND,
  type UserSearchItem,
} from '@cabinet/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconCrown, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { TooltipAction } from '@/components/tooltip-action';
import { UserEmailField } from '@/components/user-email-field';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { findUserByEmail, inviteEmailError, submittedEmailError } from '@/lib/user-lookup';
import { adminOrganizationsTexts } from '../texts';

export type PickedMember = UserSearchItem;

/** The create request's members: the first is the owner (type 1), the others members (type 2). */
export function membersToRequest(members: readonly PickedMember[]) {
  return members.map((member, index) => ({
    id: member.id,
    type: index === 0 ? MEMBER_TYPE_OWNER : MEMBER_TYPE_MEMBER,
  }));
}

type OrganizationMembersPickerProps = {
  members: PickedMember[];
  onChange: (next: PickedMember[]) => void;
  disabled?: boolean;
};

/**
 * The optional members of 'Создание организации' (spec section 2): users are found by their exact
 * e-mail, as in 'Добавить пользователя'; the first in the list becomes the owner.
 */
export function OrganizationMembersPicker({ members, onChange, disabled }: OrganizationMembersPickerProps) {
  const t = useText(adminOrganizationsTexts);
  const [email, setEmail] = useState('');
  const lookup = useMutation({ mutationFn: findUserByEmail, meta: { errorToast: USER_NOT_FOUND } });
  // A bad address or no such user: said under the field, the text kept (issue 34, rule 5).
  const [sentError, setSentError] = useState<string | null>(null);
  const error = inviteEmailError(email) ?? sentError;
  const canAdd = email.trim() !== '' && !error && !lookup.isPending && !disabled;
  const typeEmail = (value: string) => {
    setEmail(value);
    setSentError(null);
  };

  const add = () => {
    if (!canAdd) return;
    const wanted = email;
    const wrong = submittedEmailError(wanted);
    if (wrong) {
      setSentError(wrong);
      return;
    }
    lookup.mutate(wanted, {
      onSuccess: (user) => {
        if (!user) {
          setSentError(USER_NOT_FOUND);
          return;
        }
        if (!members.some((member) => member.id === user.id)) onChange([...members, user]);
        // Clear the box only if it still holds this address: the admin may have typed the next one.
        setEmail((current) => (current === wanted ? '' : current));
      },
    });
  };

  // Enter adds the user instead of submitting the organization form around this field.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  const makeOwner = (id: number) => {
    const chosen = members.find((member) => member.id === id);
    if (chosen) onChange([chosen, ...members.filter((member) => member.id !== id)]);
  };

  return (
    <Stack gap="sm">
      <UserEmailField
        value={email}
        onChange={typeEmail}
        placeholder={t('Введите Email пользователя')}
        error={error}
        canAdd={canAdd}
        busy={lookup.isPending}
        inputDisabled={disabled}
        onAdd={add}
        onKeyDown={onKeyDown}
        variant="light"
      />
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Первый добавленный пользователь в организацию получит статус владельца')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" aria-label={t('Участники новой организации')} p={0} m={0}>
          {members.map((member, index) => (
            <Group
              key={member.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              p="xs"
              style={{ listStyle: 'none', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {displayName(member)}
                </Text>
                {member.name && (
                  <Text size="xs" c="dimmed" truncate="end">
                    {member.email}
                  </Text>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <Badge variant="light" color={index === 0 ? 'blue' : 'gray'}>
                  {index === 0 ? t('Владелец') : t('Участник')}
                </Badge>
                {index > 0 && (
                  <TooltipAction
                    tooltip={t('Сделать владельцем')}
                    label={t('Сделать владельцем {name}', { name: displayName(member) })}
                    icon={<IconCrown size={16} />}
                    onClick={() => makeOwner(member.id)}
                    disabled={disabled}
                    variant="subtle"
                    color="gray"
                  />
                )}
                <TooltipAction
                  tooltip={t('Убрать')}
                  label={t('Убрать {name}', { name: displayName(member) })}
                  icon={<IconX size={16} />}
                  onClick={() => onChange(members.filter((m) => m.id !== member.id))}
                  disabled={disabled}
                  variant="subtle"
                  color="red"
                />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
