import type { MemberPreview } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { avatarStackLayout, MemberAvatarStack } from './member-avatar-stack';

const NAMES = ['Анна Смирнова', 'Борис Петров', 'Вера Орлова', 'Глеб Иванов', 'Дарья Козлова'];

const preview = (id: number): MemberPreview => ({
  id,
  account_id: id,
  name: NAMES[id - 1] ?? `Участник ${id}`,
  email: `m${id}@example.com`,
  avatar_url: null,
  type_id: id === 1 ? 1 : 2,
  status: 'active',
});

describe('avatar stack (spec section 9)', () => {
  it.each([
    [1, 1, { shown: 1, rest: 0 }],
    [3, 3, { shown: 3, rest: 0 }],
    [4, 4, { shown: 4, rest: 0 }],
    [5, 5, { shown: 4, rest: 1 }],
    [5, 6, { shown: 4, rest: 2 }],
    [5, 40, { shown: 4, rest: 36 }],
  ])('%i previews of %i members', (previews, total, layout) => {
    expect(avatarStackLayout(previews, total)).toEqual(layout);
  });

  it('shows four faces and +2 for six members', () => {
    const members = [1, 2, 3, 4, 5].map(preview);
    renderWithProviders(<MemberAvatarStack members={members} total={6} />);
    expect(screen.getByRole('img', { name: '6 участников' })).toBeTruthy();
    expect(screen.getByText('+2')).toBeTruthy();
    for (const initials of ['АС', 'БП', 'ВО', 'ГИ']) expect(screen.getByText(initials)).toBeTruthy();
    expect(screen.queryByText('ДК')).toBeNull();
  });

  it('shows everyone and no counter for three members', () => {
    renderWithProviders(<MemberAvatarStack members={[1, 2, 3].map(preview)} total={3} />);
    expect(screen.getByRole('img', { name: '3 участника' })).toBeTruthy();
    expect(screen.queryByText(/^\+/)).toBeNull();
  });
});
