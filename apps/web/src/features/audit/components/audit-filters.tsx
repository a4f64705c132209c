import { type AdminAuditFilter, AUDIT_ACTION_CODES, AUDIT_ACTION_LABELS } from '@cabinet/contracts';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { findUserByEmail } from '@/lib/user-lookup';

type AuditFiltersProps = {
  /** The filters in force: the list shows them, the CSV takes them. */
  onApply: (filters: AdminAuditFilter) => void;
  onDownload: () => void;
  downloading: boolean;
  /** Set from outside (an organization chosen in the list). */
  organizationId?: number | undefined;
};

const ACTION_OPTIONS = AUDIT_ACTION_CODES.map((code) => ({ value: code, label: AUDIT_ACTION_LABELS[code] }));

/** '2026-01-31' at the viewer's midnight (or its last millisecond), with their offset: '…T00:00:00+03:00'. */
function localInstant(date: string, edge: 'start' | 'end'): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const local =
    edge === 'start' ? new Date(year, month - 1, day) : new Date(year, month - 1, day, 23, 59, 59, 999);
  const offset = -local.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  const time = edge === 'start' ? '00:00:00.000' : '23:59:59.999';
  return `${date}T${time}${sign}${hh}:${mm}`;
}

const DIGITS = /^\d{1,10}$/;

/**
 * The admin log's filters (issue 14): who (an e-mail or a user ID), the action, the organization (its ID)
 * and a date range in the viewer's days; 'Скачать CSV' exports what the filters in force select.
 */
export function AuditFilters({ onApply, onDownload, downloading, organizationId }: AuditFiltersProps) {
  const [who, setWho] = useState('');
  const [action, setAction] = useState<string | null>(null);
  const [organization, setOrganization] = useState(organizationId ? String(organizationId) : '');
  const [shownOrganization, setShownOrganization] = useState(organizationId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [errors, setErrors] = useState<{ who?: string; organization?: string; to?: string }>({});
  const [busy, setBusy] = useState(false);

  // An organization chosen in the list replaces the field's text.
  if (organizationId !== shownOrganization) {
    setShownOrganization(organizationId);
    setOrganization(organizationId ? String(organizationId) : '');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    const filters: AdminAuditFilter = {};
    const person = who.trim();
    if (person) {
      if (DIGITS.test(person)) filters.actor_id = Number(person);
      else {
        setBusy(true);
        const user = await findUserByEmail(person).catch(() => null);
        setBusy(false);
        if (user) filters.actor_id = user.id;
        else next.who = 'Пользователь не найден';
      }
    }
    if (action) filters.action = action as AdminAuditFilter['action'];
    if (organization.trim()) {
      if (DIGITS.test(organization.trim())) filters.organization_id = Number(organization.trim());
      else next.organization = 'Введите номер организации';
    }
    if (from) filters.from = localInstant(from, 'start');
    if (to) filters.to = localInstant(to, 'end');
    if (from && to && from > to) next.to = 'Дата «по» раньше даты «с»';
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(filters);
  }

  function reset() {
    setWho('');
    setAction(null);
    setOrganization('');
    setFrom('');
    setTo('');
    setErrors({});
    onApply({});
  }

  return (
    <form onSubmit={submit} aria-label="Фильтры журнала">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 5 }} spacing="sm">
        <TextInput
          // The instruction is in the label; the placeholder is only an example (decision 0165).
          label="Кто (эл. почта или ID)"
          placeholder="anna@example.com"
          value={who}
          onChange={(e) => setWho(e.currentTarget.value)}
          error={errors.who}
        />
        <Select
          label="Действие"
          placeholder="Все действия"
          data={ACTION_OPTIONS}
          value={action}
          onChange={setAction}
          searchable
          clearable
          nothingFoundMessage="Нет такого действия"
        />
        <TextInput
          label="Организация (ID)"
          // A hint under the field, not a number-like placeholder in it (issue 34, rule 7).
          description="Целое число, номер организации"
          inputMode="numeric"
          value={organization}
          onChange={(e) => setOrganization(e.currentTarget.value)}
          error={errors.organization}
        />
        <TextInput label="С" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput
          label="По"
          type="date"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={errors.to}
        />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />} loading={busy}>
          Применить
        </Button>
        <Button variant="default" onClick={reset}>
          Сбросить
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={onDownload}
          loading={downloading}
          ml={{ xs: 'auto' }}
        >
          Скачать CSV
        </Button>
      </Group>
    </form>
  );
}
