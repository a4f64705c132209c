import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { cyrillicLeft, inEnglish } from '@/test/english';
import { jsonResponse, makePlan } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PlanDeleteDialog } from './components/plan-delete-dialog';
import { PlanForm } from './components/plan-form';
import { PlansTable } from './components/plans-table';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

const pro = makePlan({
  id: 2,
  name: 'Про',
  price_month: '990.00',
  price_year: '9504.00',
  description: 'Для команд',
});

/** Texts of the shared form frame and dialogs (components/), which their own area translates. */
const SHARED = [
  'Заполните или исправьте поля: ',
  'Нет изменений для сохранения',
  'Отмена',
  'Закрыть',
  'Действия',
];

describe('the admin plans screens in English (issue 32)', () => {
  inEnglish();

  it('the plans table: columns, prices per period on phones, row actions', () => {
    renderWithProviders(<PlansTable plans={[pro]} />);
    expect(screen.getByRole('columnheader', { name: 'Price/month' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Price/year' })).toBeTruthy();
    expect(screen.getByText(/a month · .* a year$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings of the plan Про' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete the plan Про' })).toBeTruthy();
    expect(cyrillicLeft(['Про', ...SHARED])).toEqual([]);
  });

  it('the plan form: labels, hints and the SSO switch; the missing fields named in English', () => {
    renderWithProviders(
      <PlanForm mode="create" busy={false} submitLabel="Create plan" onSubmit={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByLabelText(/^Price\/month/)).toBeTruthy();
    expect(screen.getByLabelText(/^Users per organization/)).toBeTruthy();
    expect(screen.getAllByText('In rubles, up to 2 decimal places; 0 means free')).toHaveLength(2);
    expect(screen.getByLabelText(/^Single sign-on \(SSO\) and SCIM/)).toBeTruthy();
    expect(screen.getByPlaceholderText('For example, Pro')).toBeTruthy();
    expect(cyrillicLeft(SHARED)).toEqual([]);
  });

  it('a plan people hold: refused in English, with how many hold it', async () => {
    session.signIn('tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          message: '',
          data: { deletable: false, reason: 'The plan is held by 3 users', holders: 3 },
        }),
      ),
    );
    renderWithProviders(<PlanDeleteDialog plan={{ id: 2, name: 'Про' }} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'The plan cannot be deleted' });
    expect(within(dialog).getByText('Users with this plan: 3')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Got it' })).toBeTruthy();
    expect(cyrillicLeft(SHARED)).toEqual([]);
  });
});
