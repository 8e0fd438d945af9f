import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useFocusWhenBack } from '../../../ui/return-focus.ts';

/**
 * Six single-digit boxes: digits only, focus moves forward on entry and back on
 * Backspace in an empty box; pasting six digits fills them all. The first box has the focus
 * when they show, and again when they come back from being disabled (a code being checked)
 * with the focus lost, so a wrong code can be typed over at once.
 */
export function CodeBoxes({
  digits,
  onChange,
  disabled,
}: {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
}) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) =>
    refs.current[Math.max(0, Math.min(digits.length - 1, index))]?.focus();
  const first = useRef<HTMLInputElement | null>(null);
  useFocusWhenBack(Boolean(disabled), first);

  function type(index: number, raw: string) {
    const digit = raw.replace(/\D/g, '').slice(-1);
    const next = [...digits];
    next[index] = digit;
    onChange(next);
    if (digit && index < digits.length - 1) focus(index + 1);
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === digits[index] && index < digits.length - 1) {
      // Typing over a box with the digit it holds changes nothing, so no change event moves
      // the focus on: the next digit would be lost to the full box.
      event.preventDefault();
      focus(index + 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (pasted.length < 2) return;
    event.preventDefault();
    const next = digits.map((_, i) => pasted[i] ?? '');
    onChange(next);
    focus(Math.min(pasted.length, digits.length) - 1);
  }

  return (
    <fieldset className="flex justify-between gap-2" disabled={disabled}>
      <legend className="sr-only">6-digit code</legend>
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are a fixed row of six
          key={index}
          ref={(element) => {
            refs.current[index] = element;
            if (index === 0) first.current = element;
          }}
          value={digit}
          // biome-ignore lint/a11y/noAutofocus: the page is there to type the code
          autoFocus={index === 0}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={1}
          aria-label={`Digit ${index + 1}`}
          onChange={(event) => type(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={paste}
          onFocus={(event) => event.target.select()}
          className="h-14 w-12 rounded border border-white/30 bg-[#121212] text-center text-2xl font-bold text-white outline-none focus:border-white"
        />
      ))}
    </fieldset>
  );
}
