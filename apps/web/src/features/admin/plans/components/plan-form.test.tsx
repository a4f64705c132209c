import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makePlan } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PlanForm } from './plan-form';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;
/** A submit button that cannot act is aria-disabled and says why (decision 0165). */
const isDisabled = (element: HTMLElement) =>
  (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';

function renderForm(
  mode: 'create' | 'edit',
  plan = mode === 'edit'
    ? makePlan({
        id: 2,
        name: 'Про',
        price_month: '990.00',
        price_year: '9504.50',
        max_members: 25,
        max_organizations: 5,
        description: 'Описание',
      })
    : undefined,
) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <PlanForm
      mode={mode}
      plan={plan}
      busy={false}
      submitLabel="Готово"
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return { user, onSubmit, submit: () => screen.getByRole('button', { name: 'Готово' }) };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Название/), 'Старт');
  await user.type(screen.getByLabelText(/^Стоимость\/мес/), '100');
  await user.type(screen.getByLabelText(/^Стоимость\/год/), '1000');
  await user.type(screen.getByLabelText(/^Количество организаций/), '2');
  await user.type(screen.getByLabelText(/^Количество пользователей/), '10');
}

describe('PlanForm (spec section 5)', () => {
  it('keeps what was typed and says under the field what is wrong (issue 34, rule 7)', async () => {
    const { user } = renderForm('create');
    const price = screen.getByLabelText(/^Стоимость\/мес/);
    await user.type(price, '12,3456');
    expect(inputValue(price)).toBe('12,3456');
    expect(
      await screen.findByText('Введите сумму не меньше 0 и не более чем с 2 знаками после запятой'),
    ).toBeTruthy();
    const count = screen.getByLabelText(/^Количество организаций/);
    await user.type(count, '-5');
    expect(inputValue(count)).toBe('-5');
    expect(await screen.findByText('Не менее 1')).toBeTruthy();
    await user.clear(count);
    await user.type(count, '2.5');
    expect(await screen.findByText('Только целое число')).toBeTruthy();
  });

  it('shows the count limits and keeps the button disabled', async () => {
    const { user, submit } = renderForm('create');
    await fillValid(user);
    await user.type(screen.getByLabelText(/^Описание/), 'Для небольших команд');
    await waitFor(() => expect(isDisabled(submit())).toBe(false));
    await user.type(screen.getByLabelText(/^Количество организаций/), '00');
    expect(await screen.findByText('Не более 99 организаций')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Количество пользователей/), '0');
    expect(await screen.findByText('Не более 99 пользователей')).toBeTruthy();
    expect(isDisabled(submit())).toBe(true);
  });

  it('requires the description on create, at most 512', async () => {
    const { user, submit, onSubmit } = renderForm('create');
    await fillValid(user);
    expect(isDisabled(submit())).toBe(true);
    const description = screen.getByLabelText(/^Описание/);
    await user.click(description);
    await user.paste('я'.repeat(513));
    expect(await screen.findByText('Не более 512 символов')).toBeTruthy();
    await user.clear(description);
    await user.type(description, 'Коротко');
    await waitFor(() => expect(isDisabled(submit())).toBe(false));
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Старт', priceMonth: '100', maxMembers: '10', description: 'Коротко' }),
    );
  });

  it('lets the description stay empty on edit and starts from the stored plan', async () => {
    const { user, submit, onSubmit } = renderForm('edit');
    expect(inputValue(screen.getByLabelText(/^Стоимость\/мес/))).toBe('990');
    expect(inputValue(screen.getByLabelText(/^Стоимость\/год/))).toBe('9504.5');
    await user.clear(screen.getByLabelText(/^Описание/));
    await waitFor(() => expect(isDisabled(submit())).toBe(false));
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Про', description: '' }));
  });

  it("sets 'Единый вход (SSO) и SCIM' with a switch, starting from the stored plan", async () => {
    const { user, submit, onSubmit } = renderForm('edit', makePlan({ id: 3, name: 'Корп', sso: true }));
    const sso = screen.getByLabelText(/^Единый вход \(SSO\) и SCIM/) as HTMLInputElement;
    expect(sso.checked).toBe(true);
    await user.click(sso);
    await waitFor(() => expect(isDisabled(submit())).toBe(false));
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Корп', sso: false }));
  });
});
