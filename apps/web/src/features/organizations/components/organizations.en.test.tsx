import type { MemberPreview } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { renderWithProviders } from '@/test/render';
import { MemberAvatarStack } from './member-avatar-stack';
import { OrganizationDeleteDialog } from './organization-delete-dialog';

inEnglish();

const member = (id: number): MemberPreview => ({
  id,
  account_id: id,
  name: `Member ${id}`,
  email: `m${id}@example.com`,
  avatar_url: null,
  type_id: 2,
  status: 'active',
});

describe('organizations in English (issue 32)', () => {
  it('counts members with English plurals', () => {
    renderWithProviders(
      <>
        <MemberAvatarStack members={[member(1)]} total={1} />
        <MemberAvatarStack members={[member(1), member(2)]} total={2} />
        <MemberAvatarStack members={[member(1)]} total={21} />
      </>,
    );
    expect(screen.getByRole('img', { name: '1 member' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 members' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '21 members' })).toBeTruthy();
  });

  it('asks before deleting an organization', () => {
    renderWithProviders(
      <OrganizationDeleteDialog organizationId={4} opened onClose={() => {}} onDeleted={() => {}} />,
    );
    expect(screen.getByText('Delete the organization?')).toBeTruthy();
    expect(screen.getByText('This cannot be undone')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete organization' })).toBeTruthy();
    // The dialog's frame (components/) speaks its own catalogue.
    expect(cyrillicWordsIn(document.body.textContent ?? '', ['Отмена'])).toEqual([]);
  });
});
