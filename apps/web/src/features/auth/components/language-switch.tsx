import { LOCALES } from '@cabinet/contracts/i18n';
import { Button, Group } from '@mantine/core';
import { LANGUAGE_LABEL, LANGUAGE_NAMES, languageCode } from '@/lib/i18n/language-names';
import { setLocale, useLocale } from '@/lib/i18n/locale';

/**
 * RU / EN on the sign-in screen (issue 32, decision 0301): the cabinet's language before sign-in, kept for
 * the next visit. The browser's languages change nothing by themselves; the switch is always here. Two
 * plain buttons rather than a segmented control: the sign-in screen's first load stays as it was.
 */
export function LanguageSwitch() {
  const current = useLocale();
  return (
    <Group role="group" aria-label={LANGUAGE_LABEL} justify="flex-end" gap={4} mt={-8} mb="xs">
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          size="compact-xs"
          variant={locale === current ? 'light' : 'subtle'}
          color={locale === current ? 'blue' : 'gray'}
          aria-pressed={locale === current}
          lang={locale}
          title={LANGUAGE_NAMES[locale]}
          // A click does not take the focus from the e-mail field: its blur would say 'required' at once.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => void setLocale(locale, { remember: true })}
        >
          {languageCode(locale)}
        </Button>
      ))}
    </Group>
  );
}
