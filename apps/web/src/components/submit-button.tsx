import { Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { type MouseEvent, type ReactNode, useId } from 'react';

type SubmitButtonProps = Omit<ButtonProps, 'disabled'> & {
  /**
   * Why the button cannot act now ('Нет изменений для сохранения'); null when it can. A blocked button
   * stays focusable and says why on hover and on focus (decision 0165).
   */
  blockedReason: string | null;
  /** A blocked press (a click, or Enter in a field of its form): show the errors, for instance. */
  onBlocked?: () => void;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  type?: 'submit' | 'button';
  children: ReactNode;
};

/**
 * The one disabled-button rule of the cabinet (issue 16): a button that cannot act is aria-disabled, not
 * disabled, so it can be focused, shows its reason in a tooltip on hover and focus, and reads it out
 * (aria-describedby). Pressing it, or Enter in its form, does nothing but `onBlocked`. A button that is
 * busy (`loading`) is disabled outright: there is nothing to explain.
 */
export function SubmitButton({
  blockedReason,
  onBlocked,
  onClick,
  type = 'submit',
  children,
  ...buttonProps
}: SubmitButtonProps) {
  const reasonId = useId();
  if (!blockedReason) {
    return (
      <Button type={type} onClick={onClick} {...buttonProps}>
        {children}
      </Button>
    );
  }
  return (
    <>
      <Tooltip
        label={blockedReason}
        events={{ hover: true, focus: true, touch: true }}
        withArrow
        multiline
        maw={280}
      >
        <Button
          type={type}
          {...buttonProps}
          data-disabled
          aria-disabled
          aria-describedby={reasonId}
          onClick={(event) => {
            // Stops the form's submission too: implicit submission (Enter in a field) clicks this button.
            event.preventDefault();
            onBlocked?.();
          }}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{blockedReason}</VisuallyHidden>
    </>
  );
}
