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
});
