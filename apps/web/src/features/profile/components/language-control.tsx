import { isLocale, LOCALES } from '@cabinet/contracts/i18n';
import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { LANGUAGE_LABEL, LANGUAGE_NAMES } from '@/lib/i18n/language-names';
import { useLocale } from '@/lib/i18n/locale';
import { useSaveLocale } from '../api/save-locale';

/**
 * 'Язык / Language' in the profile (issue 32): the account's language, for every screen and mail. It
 * saves at once, apart from the form's 'Сохранить изменения'. It shows the page's language, which is the
 * account's unless the page was opened with ?lang=.
 */
export function LanguageControl({ userId }: { userId: number }) {
  const labelId = useId();
  const current = useLocale();
  const save = useSaveLocale(userId);
  return (
    <Input.Wrapper label={LANGUAGE_LABEL} labelElement="div" labelProps={{ id: labelId }} mb="lg">
      <SegmentedControl
        aria-labelledby={labelId}
        data={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
        value={save.isPending && isLocale(save.variables) ? save.variables : current}
        onChange={(value) => isLocale(value) && value !== current && save.mutate(value)}
        disabled={save.isPending}
        display="flex"
        w={{ base: '100%', xs: 320 }}
      />
    </Input.Wrapper>
  );
}
