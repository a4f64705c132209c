import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useText } from '@/lib/i18n';
import type { AdminPaymentFilters } from '../api/get-admin-payments';
import { type AdminPaymentsText, adminPaymentsTexts } from '../texts';

type PaymentFiltersProps = {
  /** The filters in force: the form starts from them. */
  filters: AdminPaymentFilters;
  /** The plans to choose from. */
  plans: { value: string; label: string }[];
  onApply: (filters: AdminPaymentFilters) => void;
  onDownload: () => void;
  downloading: boolean;
};

/** A filter's choices; each label is a text of the payments catalogue, said through `t()` where it shows. */
export type FilterOption = { value: string; label: AdminPaymentsText };

export const PERIOD_OPTIONS: FilterOption[] = [
  { value: 'month', label: 'Месяц' },
  { value: 'year', label: 'Год' },
];
export const STATUS_OPTIONS: FilterOption[] = [
  { value: 'paid', label: 'Оплачен' },
  { value: 'pending', label: 'Не оплачен' },
  { value: 'refund', label: 'К возврату' },
];
export const TEST_OPTIONS: FilterOption[] = [
  { value: 'false', label: 'Только настоящие' },
  { value: 'true', label: 'Только тестовые' },
];

/** The label a filter's value shows: its choice's, else the value itself (an id the list does not know). */
export function optionLabel(
  options: FilterOption[],
  value: string,
  t: (id: AdminPaymentsText) => string,
): string {
  const option = options.find((candidate) => candidate.value === value);
  return option ? t(option.label) : value;
}

/** Empty fields are left out: the API reads an absent filter as 'any'. */
function compact(filters: AdminPaymentFilters): AdminPaymentFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AdminPaymentFilters;
}

/**
 * The admins' payments filters (issue 15): plan, period, status, the creation dates (both inclusive) and
 * test or real; 'Скачать CSV' exports what the filters in force select.
 */
export function PaymentFilters({ filters, plans, onApply, onDownload, downloading }: PaymentFiltersProps) {
  const t = useText(adminPaymentsTexts);
  const choices = (options: FilterOption[]) =>
    options.map(({ value, label }) => ({ value, label: t(label) }));
  const [draft, setDraft] = useState<AdminPaymentFilters>(filters);
  const [shown, setShown] = useState(filters);
  const [rangeError, setRangeError] = useState<AdminPaymentsText | null>(null);

  // New filters from outside (the URL: back, a link) replace the form's.
  if (filters !== shown) {
    setShown(filters);
    setDraft(filters);
  }

  const set = <K extends keyof AdminPaymentFilters>(key: K, value: AdminPaymentFilters[K] | null) =>
    setDraft((current) => ({ ...current, [key]: value ?? undefined }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError('Дата «по» раньше даты «с»');
      return;
    }
    setRangeError(null);
    onApply(compact(draft));
  }

  function reset() {
    setRangeError(null);
    setDraft({});
    onApply({});
  }

  return (
    <form onSubmit={submit} aria-label={t('Фильтры платежей')}>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 6 }} spacing="sm">
        <Select
          label={t('Тариф')}
          placeholder={t('Все тарифы')}
          data={plans}
          value={draft.plan_id ?? null}
          onChange={(value) => set('plan_id', value)}
          clearable
        />
        <Select
          label={t('Период')}
          placeholder={t('Любой')}
          data={choices(PERIOD_OPTIONS)}
          value={draft.period ?? null}
          onChange={(value) => set('period', value as AdminPaymentFilters['period'])}
          clearable
        />
        <Select
          label={t('Статус')}
          placeholder={t('Любой')}
          data={choices(STATUS_OPTIONS)}
          value={draft.status ?? null}
          onChange={(value) => set('status', value as AdminPaymentFilters['status'])}
          clearable
        />
        <TextInput
          label={t('Создан с')}
          type="date"
          value={draft.from ?? ''}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          label={t('по')}
          type="date"
          value={draft.to ?? ''}
          onChange={(e) => set('to', e.currentTarget.value)}
          error={rangeError && t(rangeError)}
        />
        <Select
          label={t('Оплата')}
          placeholder={t('Все платежи')}
          data={choices(TEST_OPTIONS)}
          value={draft.test ?? null}
          onChange={(value) => set('test', value as AdminPaymentFilters['test'])}
          clearable
        />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
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
