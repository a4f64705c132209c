import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconDownload, IconFilter } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { AdminPaymentFilters } from '../api/get-admin-payments';

type PaymentFiltersProps = {
  /** The filters in force: the form starts from them. */
  filters: AdminPaymentFilters;
  /** The plans to choose from. */
  plans: { value: string; label: string }[];
  onApply: (filters: AdminPaymentFilters) => void;
  onDownload: () => void;
  downloading: boolean;
};

export const PERIOD_OPTIONS = [
  { value: 'month', label: 'Месяц' },
  { value: 'year', label: 'Год' },
];
export const STATUS_OPTIONS = [
  { value: 'paid', label: 'Оплачен' },
  { value: 'pending', label: 'Не оплачен' },
  { value: 'refund', label: 'К возврату' },
];
export const TEST_OPTIONS = [
  { value: 'false', label: 'Только настоящие' },
  { value: 'true', label: 'Только тестовые' },
];

/** Empty fields are left out: the API reads an absent filter as 'any'. */
function compact(filters: AdminPaymentFilters): AdminPaymentFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AdminPaymentFilters;
}

/**
 * The admins' payments filters (issue 15): plan, period, status, the creation dates (both inclusive) and
 * test or real; 'Скачать CSV' exports what the filters in force select.
 */
export function PaymentFilters({ filters, plans, onApply, onDownload, downloading }: PaymentFiltersProps) {
  const [draft, setDraft] = useState<AdminPaymentFilters>(filters);
  const [shown, setShown] = useState(filters);
  const [rangeError, setRangeError] = useState<string | null>(null);

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
    <form onSubmit={submit} aria-label="Фильтры платежей">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 6 }} spacing="sm">
        <Select
          label="Тариф"
          placeholder="Все тарифы"
          data={plans}
          value={draft.plan_id ?? null}
          onChange={(value) => set('plan_id', value)}
          clearable
        />
        <Select
          label="Период"
          placeholder="Любой"
          data={PERIOD_OPTIONS}
          value={draft.period ?? null}
          onChange={(value) => set('period', value as AdminPaymentFilters['period'])}
          clearable
        />
        <Select
          label="Статус"
          placeholder="Любой"
          data={STATUS_OPTIONS}
          value={draft.status ?? null}
          onChange={(value) => set('status', value as AdminPaymentFilters['status'])}
          clearable
        />
        <TextInput
          label="Создан с"
          type="date"
          value={draft.from ?? ''}
          onChange={(e) => set('from', e.currentTarget.value)}
        />
        <TextInput
          label="по"
          type="date"
          value={draft.to ?? ''}
          onChange={(e) => set('to', e.currentTarget.value)}
          error={rangeError}
        />
        <Select
          label="Оплата"
          placeholder="Все платежи"
          data={TEST_OPTIONS}
          value={draft.test ?? null}
          onChange={(value) => set('test', value as AdminPaymentFilters['test'])}
          clearable
        />
      </SimpleGrid>
      <Group mt="md" gap="sm">
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
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
