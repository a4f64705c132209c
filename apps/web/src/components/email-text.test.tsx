import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { EmailText, emailParts } from './email-text';

describe('EmailText', () => {
  it('breaks after @ and before dots only', () => {
    expect(emailParts('anna.petrova@mail.example.com')).toEqual([
      'anna',
      '.petrova@',
      'mail',
      '.example',
      '.com',
    ]);
    expect(emailParts('a@b')).toEqual(['a@', 'b']);
  });

  it('renders the address whole, with a <wbr> at each break', () => {
    const { container } = render(
      <MantineProvider theme={theme} env="test">
        <EmailText email="anna.petrova@example.com" data-testid="email" />
      </MantineProvider>,
    );
    const text = container.querySelector('[data-testid="email"]');
    expect(text?.textContent).toBe('anna.petrova@example.com');
    expect(text?.querySelectorAll('wbr')).toHaveLength(3);
  });

  it('holds each hyphen to the next letter, so no line breaks after it', () => {
    const { container } = render(
      <MantineProvider theme={theme} env="test">
        <EmailText email="a-b@very-long.example-company.ru" data-testid="email" />
      </MantineProvider>,
    );
    const text = container.querySelector('[data-testid="email"]');
    expect(text?.textContent).toBe('a-b@very-long.example-company.ru');
    const held = Array.from(text?.querySelectorAll('span') ?? []).map((span) => span.textContent);
    expect(held).toEqual(['-b', '-l', '-c']);
  });
});
