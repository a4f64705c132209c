import type { Locale } from '@cabinet/contracts/i18n';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { useLocale } from '@/lib/i18n/locale';
import { componentTexts } from './texts';

type DatePart = 'day' | 'month' | 'year';

/** The language's numeric date: its order and separator ('31.01.2026', '01/31/2026'), from Intl. */
function datePattern(locale: Locale): { order: DatePart[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(2026, 0, 31))
    .filter((part) => part.type !== 'literal' || part.value.trim());
  const order = parts.flatMap((part) =>
    part.type === 'day' || part.type === 'month' || part.type === 'year' ? [part.type] : [],
  );
  const separator = parts.find((part) => part.type === 'literal')?.value.trim() ?? '.';
  return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator };
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** 'YYYY-MM-DD' → the language's numeric date; '' stays ''. */
export function showDate(iso: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const [, year = '', month = '', day = ''] = match;
  const { order, separator } = datePattern(locale);
  return order.map((part) => ({ day, month, year })[part]).join(separator);
}

/**
 * A typed date → 'YYYY-MM-DD', or null when it is no date: the language's numeric order with any of '.', '/'
 * or '-' between (one-digit day and month too), and ISO 'YYYY-MM-DD' in every language.
 */
export function readDate(text: string, locale: Locale): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const numbers = iso
    ? { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
    : (() => {
        const pieces = trimmed.split(/[./-]/);
        if (pieces.length !== 3 || pieces.some((piece) => !/^\d{1,4}$/.test(piece))) return null;
        const { order } = datePattern(locale);
        const found = { day: 0, month: 0, year: 0 };
        order.forEach((part, index) => {
          found[part] = Number(pieces[index]);
        });
        return found;
      })();
  if (!numbers || numbers.year < 1000) return null;
  const date = new Date(Date.UTC(numbers.year, numbers.month - 1, numbers.day));
  if (date.getUTCMonth() !== numbers.month - 1 || date.getUTCDate() !== numbers.day) return null;
  return `${pad(numbers.year, 4)}-${pad(numbers.month, 2)}-${pad(numbers.day, 2)}`;
}

type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** 'YYYY-MM-DD' once the text is a whole date, '' while it is not (as a native date input). */
  onChange: (value: string) => void;
};

/**
 * A date field in the cabinet's language, not the browser's (issue 32, decision 0306): a browser set to
 * English must not ask a Russian cabinet for mm/dd/yyyy. The text is the language's numeric date, typed or
 * picked from the browser's calendar (its button); the value is ISO. A drop-in for
 * `<TextInput type="date">`: `<DateField label="С" value={from} onChange={(value) => set('from', value)} />`.
 */
export function DateField({ value, onChange, error, onBlur, rightSection, ...props }: DateFieldProps) {
  const t = useText(componentTexts);
  const locale = useLocale();
  const [text, setText] = useState(() => showDate(value, locale));
  const [wrong, setWrong] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, a removed filter chip) or another language shows anew; what is
  // being typed stays while it means the same date.
  useEffect(() => {
    if ((readDate(text, locale) ?? '') !== value) setText(showDate(value, locale));
  }, [value]);
  useEffect(() => setText(showDate(value, locale)), [locale]);

  const { order, separator } = datePattern(locale);
  const words = { day: t('дд'), month: t('мм'), year: t('гггг') };
  const format = order.map((part) => words[part]).join(separator);

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value;
    if (typeof input.showPicker === 'function') input.showPicker();
  };

  return (
    <TextInput
      {...props}
      value={text}
      placeholder={format}
      inputMode="numeric"
      autoComplete="off"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setWrong(false);
        onChange(readDate(next, locale) ?? '');
      }}
      onBlur={(event) => {
        setWrong(text.trim() !== '' && readDate(text, locale) === null);
        onBlur?.(event);
      }}
      error={error ?? (wrong ? t('Введите дату в формате {format}', { format }) : undefined)}
      rightSection={
        rightSection ?? (
          <>
            <ActionIcon variant="subtle" color="gray" onClick={openPicker} aria-label={t('Выбрать дату')}>
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
            <input
              ref={picker}
              type="date"
              tabIndex={-1}
              aria-hidden
              style={{ position: 'absolute', inset: 0, opacity: 0, pointerEvents: 'none' }}
              onChange={(event) => {
                const picked = event.currentTarget.value;
                setText(showDate(picked, locale));
                setWrong(false);
                onChange(picked);
              }}
            />
          </>
        )
      }
    />
  );
}
