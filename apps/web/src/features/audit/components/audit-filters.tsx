import { type AdminAuditFilter, AUDIT_ACTION_CODES, auditActionLabel } from '@cabinet/contracts';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { FilterChip } from '@/components/collapsible-filters';
import { textNow, useText } from '@/lib/i18n';
import { findUserByEmail } from '@/lib/user-lookup';
import { auditTexts } from '../texts';

/** The form's texts, as typed: what the filters in force were made of, and their chips' words. */
export type AuditDraft = {
  who: string;
  action: string | null;
  organization: string;
  from: string;
  to: string;
};

export const EMPTY_AUDIT_DRAFT: AuditDraft = { who: '', action: null, organization: '', from: '', to: '' };

/** The filters in force and the texts they were made of. */
export type AppliedAuditFilters = { filters: AdminAuditFilter; draft: AuditDraft };

type AuditFiltersProps = {
  /** The filters in force: the form starts from their texts, and follows them when they change outside. */
  applied: AppliedAuditFilters;
  /** The filters in force: the list shows them, the CSV takes them. */
  onApply: (applied: AppliedAuditFilters) => void;
  onDownload: () => void;
  downloading: boolean;
};

/** The actions to choose from, named when the form shows (the contracts' words, in the page's language). */
const actionOptions = () =>
  AUDIT_ACTION_CODES.map((code) => ({ value: code, label: auditActionLabel(code) }));

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
export function AuditFilters({ applied, onApply, onDownload, downloading }: AuditFiltersProps) {
  const t = useText(auditTexts);
  const [draft, setDraft] = useState<AuditDraft>(applied.draft);
  const [shown, setShown] = useState(applied);
  const [errors, setErrors] = useState<{ who?: string; organization?: string; to?: string }>({});
  const [busy, setBusy] = useState(false);
  const { who, action, organization, from, to } = draft;
  const set = <K extends keyof AuditDraft>(key: K, value: AuditDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // Filters changed outside (a chip removed, an organization chosen in the list) replace the form's texts.
  if (applied !== shown) {
    setShown(applied);
    setDraft(applied.draft);
    setErrors({});
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
        else next.who = t('Пользователь не найден');
      }
    }
    if (action) filters.action = action as AdminAuditFilter['action'];
    if (organization.trim()) {
      if (DIGITS.test(organization.trim())) filters.organization_id = Number(organization.trim());
      else next.organization = t('Введите номер организации');
    }
    if (from) filters.from = localInstant(from, 'start');
    if (to) filters.to = localInstant(to, 'end');
    if (from && to && from > to) next.to = t('Дата «по» раньше даты «с»');
    setErrors(next);
    if (Object.keys(next).length === 0) onApply({ filters, draft });
  }

  function reset() {
    setErrors({});
    onApply({ filters: {}, draft: EMPTY_AUDIT_DRAFT });
  }

  return (
    <form onSubmit={submit} aria-label={t('Фильтры журнала')}>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 5 }} spacing="sm">
        <TextInput
          // The instruction is in the label; the placeholder is only an example (decision 0165).
          label={t('Кто (эл. почта или ID)')}
          placeholder="anna@example.com"
          value={who}
          onChange={(e) => set('who', e.currentTarget.value)}
          error={errors.who}
        />
        <Select
          label={t('Действие')}
          placeholder={t('Все действия')}
          data={actionOptions()}
          value={action}
          onChange={(value) => set('action', value)}
          searchable
          clearable
          nothingFoundMessage={t('Нет такого действия')}
        />
        <TextInput
          label={t('Организация (ID)')}
          // A hint under the field, not a number-like placeholder in it (issue 34, rule 7).
          description={t('Целое число, номер организации')}
          inputMode="numeric"
          value={organization}
          onChange={(e) => set('organization', e.currentTarget.value)}
          error={errors.organization}
        />
        <TextInput
          label={t('С')}
          type="date"
          value={from}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          label={t('По')}
          type="date"
          value={to}
          onChange={(e) => set('to', e.currentTarget.value)}
          error={errors.to}
        />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />} loading={busy}>
          {t('Применить')}
        </Button>
        <Button variant="default" onClick={reset}>
          {t('Сбросить')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={onDownload}
          loading={downloading}
          ml={{ xs: 'auto' }}
        >
          {t('Скачать CSV')}
        </Button>
      </Group>
    </form>
  );
}

/** Which filter of the list each text makes. */
const FILTER_OF: Record<keyof AuditDraft, keyof AdminAuditFilter> = {
  who: 'actor_id',
  action: 'action',
  organization: 'organization_id',
  from: 'from',
  to: 'to',
};

const dayText = (date: string) => date.split('-').reverse().join('.');

/** The filters in force as chips (issue 34, rule 11): 'Кто: anna@…', 'Действие: Вход', 'С 01.12.2026'. */
export function auditFilterChips({ filters, draft }: AppliedAuditFilters): FilterChip[] {
  const t = textNow(auditTexts);
  const chips: FilterChip[] = [];
  if (filters.actor_id !== undefined)
    chips.push({ key: 'who', label: t('Кто: {who}', { who: draft.who.trim() }) });
  if (filters.action)
    chips.push({
      key: 'action',
      label: t('Действие: {action}', { action: auditActionLabel(filters.action) }),
    });
  if (filters.organization_id !== undefined)
    chips.push({
      key: 'organization',
      label: t('Организация № {id}', { id: String(filters.organization_id) }),
    });
  if (filters.from && draft.from)
    chips.push({ key: 'from', label: t('С {date}', { date: dayText(draft.from) }) });
  if (filters.to && draft.to) chips.push({ key: 'to', label: t('По {date}', { date: dayText(draft.to) }) });
  return chips;
}

/** The filters in force less one chip's: the others stay as they were. */
export function withoutAuditFilter(applied: AppliedAuditFilters, key: string): AppliedAuditFilters {
  const text = key as keyof AuditDraft;
  const filters = { ...applied.filters };
  delete filters[FILTER_OF[text]];
  return { filters, draft: { ...applied.draft, [text]: EMPTY_AUDIT_DRAFT[text] } };
}
