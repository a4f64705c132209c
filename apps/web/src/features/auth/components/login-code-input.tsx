import { LOGIN_CODE_LENGTH } from '@cabinet/contracts/auth-constants';
import { Input, type MantineSize, PinInput, useMatches } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useId, useRef } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { authTexts } from '../texts';

type LoginCodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** id of the text that explains an error, read out with the boxes. */
  describedBy?: string;
};

export const onlyDigits = (text: string) => text.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH);

/**
 * Six single-digit boxes (spec section 5). Mantine's PinInput already moves focus forward after a digit,
 * moves with the arrow keys and takes a one-time code that the browser fills into one box. Two rules it
 * does not follow are added here:
 * - paste: PinInput ignores a pasted text that holds anything but digits ('123 456', 'Код: 123456');
 *   the spec keeps its digits, up to six;
 * - Backspace and Delete: PinInput's Delete does not move, and its Backspace on an empty box moves back
 *   without clearing; the spec says both clear and move back.
 */
export function LoginCodeInput({
  value,
  onChange,
  label,
  error,
  disabled,
  autoFocus,
  describedBy,
}: LoginCodeInputProps) {
  const t = useText(authTexts);
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const rootRef = useRef<HTMLDivElement>(null);
  // Six large boxes do not fit a 390 px phone next to the card padding; smaller ones below xs do.
  const size = useMatches<MantineSize>({ base: 'md', xs: 'lg' });
  const gap = useMatches({ base: 8, xs: 12 });

  const focusBox = (index: number) => {
    const boxes = rootRef.current?.querySelectorAll<HTMLInputElement>('input');
    boxes?.[Math.max(0, Math.min(index, LOGIN_CODE_LENGTH - 1))]?.focus();
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (disabled) return;
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (!digits) return;
    onChange(digits);
    focusBox(digits.length);
  };

  // Runs in the capture phase and stops the event, so PinInput's own Backspace/Delete handling never runs.
  const handleKeyDownCapture = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    event.preventDefault();
    event.stopPropagation();
    if (disabled) return;
    const digits = value.split('');
    // A filled box clears itself; an empty one clears the box before it.
    const cleared = digits[index] ? index : index - 1;
    if (cleared < 0) return;
    digits.splice(cleared, 1);
    onChange(digits.join(''));
    focusBox(index - 1);
  };

  return (
    <div>
      <Input.Label id={labelId} htmlFor={`${baseId}-1`} mb={8}>
        {label}
      </Input.Label>
      <PinInput
        id={baseId}
        rootRef={rootRef}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        type="number"
        length={LOGIN_CODE_LENGTH}
        oneTimeCode
        placeholder=""
        size={size}
        gap={gap}
        value={value}
        onChange={(next) => onChange(onlyDigits(next))}
        error={error}
        disabled={disabled}
        autoFocus={autoFocus}
        getInputProps={(index) => ({
          'aria-label': t('Цифра {digit} из {count}', { digit: index + 1, count: LOGIN_CODE_LENGTH }),
          'aria-describedby': describedBy,
          onPaste: handlePaste,
          onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => handleKeyDownCapture(event, index),
        })}
      />
    </div>
  );
}
