import { Button, Group, Paper, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { useFieldErrorsClaim } from '@/lib/field-errors';
import { textNow, useText } from '@/lib/i18n/catalogue';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { SubmitButton } from './submit-button';
import { componentTexts } from './texts';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

/** What the frame needs of a Mantine form (useForm's own methods). */
export type FrameForm = {
  isValid: (path?: string) => boolean;
  isDirty: (path?: string) => boolean;
  validate: () => unknown;
  getValues: () => object;
  setFieldError: (path: string, error: ReactNode) => void;
};

export const NOTHING_CHANGED = 'Нет изменений для сохранения';

/** Why the submit button cannot act (decision 0165), or null when it can. */
export function submitBlockReason(changed: boolean, invalidLabels: readonly string[]): string | null {
  const t = textNow(componentTexts);
  if (!changed) return t(NOTHING_CHANGED);
  if (invalidLabels.length > 0)
    return t('Заполните или исправьте поля: {fields}', { fields: invalidLabels.join(', ') });
  return null;
}

type FormFrameProps = {
  /** The form: its validity says why the button waits, its changes are guarded, server errors go on it. */
  form: FrameForm;
  /** Each field's label, named in the reason the submit button gives ('Название', 'Тип'). */
  labels: Record<string, string>;
  /**
   * Settings forms: whether anything differs from what is stored (nothing to save otherwise, and nothing
   * to lose on leaving). Create forms leave it out: they can be sent as soon as they are valid.
   */
  changed?: boolean;
  /**
   * Create forms whose button never waits (issue 34, rule 12): a press checks the fields, says what is
   * missing under each and moves the focus to the first.
   */
  alwaysActive?: boolean;
  /** Server field names that differ from the form's ('price_month' → 'priceMonth'). */
  serverFields?: Record<string, string>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Saving: every button waits, the submit button spins. */
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** Buttons on the left of the footer ('Удалить тариф', 'Удалить аккаунт'). */
  extraActions?: ReactNode;
  /** A bordered card of this width around the form; without it the screen's own section holds it. */
  cardWidth?: number;
  /** Space between the fields. */
  gap?: 'md' | 'lg';
  children: ReactNode;
};

/**
 * The frame of the cabinet's create and settings forms (spec section 2): the fields, then 'Отмена' and the
 * submit button on the right and the screen's extra actions on the left, all waiting while it saves. And
 * what every form shares (issue 16, decisions 0164 and 0165):
 * - a submit button that cannot act says why (components/submit-button.tsx); pressing it shows the errors;
 * - the server's field errors land on their fields, with no toast repeating them (lib/field-errors.ts);
 * - leaving with unsaved changes asks first (lib/use-unsaved-changes.ts); 'Отмена' leaves without asking.
 */
export function FormFrame({
  form,
  labels,
  changed,
  alwaysActive = false,
  serverFields = {},
  onSubmit,
  busy,
  submitLabel,
  onCancel,
  extraActions,
  cardWidth,
  gap = 'md',
  children,
}: FormFrameProps) {
  const t = useText(componentTexts);
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges((changed ?? form.isDirty()) && !busy);

  const invalid = Object.entries(labels)
    .filter(([field]) => !form.isValid(field))
    .map(([, label]) => label);
  const reason = busy || alwaysActive ? null : submitBlockReason(changed ?? true, invalid);

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const claim = useFieldErrorsClaim(form, { serverFields, onShown: focusFirstError });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    claim();
    onSubmit(event);
    // A press that found errors: the first field that has one takes the focus.
    if (alwaysActive) focusFirstError();
  };

  const frame = (
    <>
      <form ref={formRef} noValidate onSubmit={submit} aria-busy={busy}>
        <Stack gap={gap}>
          {children}
          <Group justify="space-between" gap="sm" mt="sm">
            <Group gap="sm">{extraActions}</Group>
            <Group gap="sm" justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  unsaved.allowLeave();
                  onCancel();
                }}
                disabled={busy}
              >
                {t('Отмена')}
              </Button>
              <SubmitButton
                loading={busy}
                blockedReason={reason}
                onBlocked={() => {
                  form.validate();
                  focusFirstError();
                }}
              >
                {submitLabel}
              </SubmitButton>
            </Group>
          </Group>
        </Stack>
      </form>
      <UnsavedChangesDialog blocker={unsaved.blocker} />
    </>
  );
  if (cardWidth === undefined) return frame;
  return (
    <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={cardWidth}>
      {frame}
    </Paper>
  );
}
