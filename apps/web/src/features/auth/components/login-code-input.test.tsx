import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';
import { LoginCodeInput } from './login-code-input';

const LABEL = 'Введите код полученный в письме';

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider theme={theme} env="test">
      <LoginCodeInput
        label={LABEL}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

function setup(initial?: string) {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<Harness initial={initial} onChange={onChange} />);
  const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
  const value = () => screen.getByTestId('value').textContent;
  const shown = () => boxes.map((box) => box.value).join('');
  return { user, onChange, boxes, value, shown };
}

describe('LoginCodeInput', () => {
  it('is six single-digit boxes under one label', () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(6);
    expect(screen.getByRole('group', { name: LABEL })).toBeDefined();
    // Clicking the label focuses the first box.
    expect(screen.getAllByLabelText(LABEL)).toEqual([screen.getByRole('group'), boxes[0]]);
    for (const [index, box] of boxes.entries()) {
      expect(box.getAttribute('aria-label')).toBe(`Цифра ${index + 1} из 6`);
      expect(box.getAttribute('autocomplete')).toBe('one-time-code');
      expect(box.getAttribute('inputmode')).toBe('numeric');
    }
  });

  it('moves focus forward after each digit and ignores letters', async () => {
    const { user, boxes, value } = setup();

    await user.click(boxes[0] as HTMLElement);
    await user.keyboard('1');
    expect(document.activeElement).toBe(boxes[1]);

    await user.keyboard('x');
    expect(value()).toBe('1');
    expect(document.activeElement).toBe(boxes[1]);

    await user.keyboard('23456');
    expect(value()).toBe('123456');
    expect(document.activeElement).toBe(boxes[5]);
  });

  it('keeps only the digits of a paste, at most six', async () => {
    const { user, boxes, value, shown } = setup();

    await user.click(boxes[0] as HTMLElement);
    await user.paste('Код: 12-34 56 78');

    expect(value()).toBe('123456');
    expect(shown()).toBe('123456');
    expect(document.activeElement).toBe(boxes[5]);
  });

  it('fills a short paste from the first box and focuses the next empty one', async () => {
    const { user, boxes, value } = setup();

    await user.click(boxes[3] as HTMLElement);
    await user.paste(' 0 1a2 ');

    expect(value()).toBe('012');
    expect(document.activeElement).toBe(boxes[3]);
  });

  it('ignores a paste without digits', async () => {
    const { user, boxes, value } = setup('12');

    await user.click(boxes[2] as HTMLElement);
    await user.paste('abc');

    expect(value()).toBe('12');
  });

  it('clears and moves back with Backspace', async () => {
    const { user, boxes, value } = setup('123456');

    await user.click(boxes[5] as HTMLElement);
    await user.keyboard('{Backspace}');
    expect(value()).toBe('12345');
    expect(document.activeElement).toBe(boxes[4]);

    await user.keyboard('{Backspace}{Backspace}');
    expect(value()).toBe('123');
    expect(document.activeElement).toBe(boxes[2]);
  });

  it('clears the box before an empty one with Backspace', async () => {
    const { user, boxes, value } = setup('123');

    await user.click(boxes[3] as HTMLElement);
    await user.keyboard('{Backspace}');

    expect(value()).toBe('12');
    expect(document.activeElement).toBe(boxes[2]);
  });

  it('clears and moves back with Delete too', async () => {
    const { user, boxes, value } = setup('123456');

    await user.click(boxes[5] as HTMLElement);
    await user.keyboard('{Delete}');

    expect(value()).toBe('12345');
    expect(document.activeElement).toBe(boxes[4]);
  });

  it('moves between boxes with the arrow keys', async () => {
    const { user, boxes } = setup('1234');

    await user.click(boxes[2] as HTMLElement);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(boxes[1]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(boxes[3]);
  });
});
