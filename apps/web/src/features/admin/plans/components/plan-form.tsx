import {
  PLAN_DESCRIPTION_MAX,
  type Plan,
  PlanEditFormSchema,
  type PlanEditFormValues,
  PlanFormSchema,
  SUPPORT_TYPE_ID,
} from '@cabinet/contracts';
import { SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCurrencyRubel } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import type { z } from 'zod';
import { FormFrame } from '@/components/form-frame';
import { useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { adminPlansTexts } from '../texts';

export type PlanFormOutput = z.output<typeof PlanEditFormSchema>;

type PlanFormProps = {
  /** 'create' requires the description (PlanFormSchema); 'edit' does not (PlanEditFormSchema). */
  mode: 'create' | 'edit';
  /** The stored plan for 'edit'; the form follows it when it is reloaded ('Отмена'). */
  plan?: Plan;
  busy: boolean;
  submitLabel: string;
  onSubmit: (values: PlanFormOutput) => void;
  onCancel: () => void;
  /** Extra buttons on the left of the footer ('Удалить тариф'). */
  extraActions?: ReactNode;
};

export const EMPTY_PLAN_FORM: PlanEditFormValues = {
  name: '',
  priceMonth: '',
  priceYear: '',
  maxOrganizations: '',
  maxMembers: '',
  description: '',
  supportTypeId: SUPPORT_TYPE_ID,
  sso: false,
};

/** The API's names of the fields whose names differ in the form (its errors land on them). */
const SERVER_FIELDS = {
  price_month: 'priceMonth',
  price_year: 'priceYear',
  max_organizations: 'maxOrganizations',
  max_members: 'maxMembers',
};

/** '990.00' → '990', '9.50' → '9.5': what a person would type, so editing does not start with noise. */
function priceForInput(money: string): string {
  return money.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
}

export function planToFormValues(plan: Plan): PlanEditFormValues {
  return {
    name: plan.name,
    priceMonth: priceForInput(plan.price_month),
    priceYear: priceForInput(plan.price_year),
    maxOrganizations: String(plan.max_organizations),
    maxMembers: String(plan.max_members),
    description: plan.description,
    supportTypeId: SUPPORT_TYPE_ID,
    sso: plan.sso,
  };
}

/** The tariff form of 'Создание тарифа' and tariff settings, with every rule of spec section 5. */
export function PlanForm({ mode, plan, busy, submitLabel, onSubmit, onCancel, extraActions }: PlanFormProps) {
  const t = useText(adminPlansTexts);
  const labels = {
    name: t('Название'),
    priceMonth: t('Стоимость/мес'),
    priceYear: t('Стоимость/год'),
    maxOrganizations: t('Количество организаций'),
    maxMembers: t('Количество пользователей в организации'),
    description: t('Описание'),
  };
  const priceHint = t('В рублях, до 2 знаков после запятой; 0 — бесплатно');
  const countHint = t('Целое число от 1 до 99');
  const schema = mode === 'create' ? PlanFormSchema : PlanEditFormSchema;
  const form = useForm<PlanEditFormValues>({
    mode: 'controlled',
    initialValues: plan ? planToFormValues(plan) : EMPTY_PLAN_FORM,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange: true,
  });

  const showPlan = (stored: Plan) => {
    form.setValues(planToFormValues(stored));
    form.resetDirty();
    form.clearErrors();
  };

  // A reload that brings a changed plan (after a save, or someone else's edit) refills the form.
  useEffect(() => {
    if (plan) showPlan(plan);
  }, [plan]);

  // 'Отмена' drops the edits at once (an unchanged reload keeps the same object, so the effect above
  // would not run), then the screen reloads the plan.
  const cancel = () => {
    if (plan) showPlan(plan);
    onCancel();
  };

  const submit = form.onSubmit((values) => onSubmit(schema.parse(values)));
  const description = form.values.description ?? '';

  /**
   * A number field of the grid (issue 34, rule 7): empty when empty, the hint under it rather than a
   * number-like placeholder inside, and what was typed kept as typed — a wrong value ('-5', '2.5') is an
   * error under the field, never changed behind the person's back. The rouble sign for a price.
   */
  const numberField = (
    field: 'priceMonth' | 'priceYear' | 'maxOrganizations' | 'maxMembers',
    hint: string,
  ) => {
    const price = field === 'priceMonth' || field === 'priceYear';
    return (
      <TextInput
        label={labels[field]}
        description={hint}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        inputMode={price ? 'decimal' : 'numeric'}
        withAsterisk
        maxLength={20}
        disabled={busy}
        rightSection={price ? <IconCurrencyRubel size={16} aria-hidden /> : undefined}
        {...form.getInputProps(field)}
      />
    );
  };

  return (
    <FormFrame
      cardWidth={760}
      form={form}
      labels={labels}
      // Settings: nothing to save until something changed.
      changed={mode === 'edit' ? form.isDirty() : undefined}
      serverFields={SERVER_FIELDS}
      onSubmit={submit}
      busy={busy}
      submitLabel={submitLabel}
      onCancel={cancel}
      extraActions={extraActions}
    >
      <TextInput
        label={labels.name}
        placeholder={t('Например, Про')}
        withAsterisk
        disabled={busy}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {numberField('priceMonth', priceHint)}
        {numberField('priceYear', priceHint)}
        {numberField('maxOrganizations', countHint)}
        {numberField('maxMembers', countHint)}
      </SimpleGrid>
      <Textarea
        label={labels.description}
        placeholder={t('Что входит в тариф')}
        withAsterisk={mode === 'create'}
        autosize
        minRows={3}
        maxRows={10}
        disabled={busy}
        description={`${description.length} / ${PLAN_DESCRIPTION_MAX}`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('description')}
      />
      <Switch
        label={t('Единый вход (SSO) и SCIM')}
        description={t(
          'Организации владельцев с этим тарифом смогут настроить вход через свой провайдер и SCIM',
        )}
        disabled={busy}
        {...form.getInputProps('sso', { type: 'checkbox' })}
      />
    </FormFrame>
  );
}
