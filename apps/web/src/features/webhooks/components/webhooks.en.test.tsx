import type { Webhook, WebhookDelivery } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { WebhooksSection } from './webhooks-section';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const at = '2026-12-07T10:00:00.000Z';
const webhook: Webhook = {
  id: 5,
  organization_id: 3,
  url: 'https://crm.example.com/hooks',
  description: '',
  event_types: ['member.added'],
  enabled: true,
  previous_secret_until: null,
  created_at: at,
};
const delivery: WebhookDelivery = {
  id: 9,
  webhook_id: 5,
  message_id: 'msg_1',
  event_type: 'member.added',
  status: 'failed',
  attempts: 2,
  last_status: 500,
  last_error: null,
  next_attempt_at: null,
  created_at: at,
  tries: [],
};

describe('webhooks in English (issue 32)', () => {
  it('lists the endpoints and their deliveries', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse({
          success: true,
          message: '',
          data: url.includes('/deliveries') ? { items: [delivery], next_before: null } : [webhook],
        }),
      ),
    );
    renderWithProviders(<WebhooksSection scope={{ organizationId: 3 }} />);
    const card = await screen.findByRole('article', { name: 'https://crm.example.com/hooks' });
    expect(within(card).getByText('Enabled')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(table).getByText('Not delivered')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Attempts' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Webhooks' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });
});
