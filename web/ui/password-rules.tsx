import { Check, Circle } from 'lucide-react';
import { checkPassword, isStrongPassword } from '../../contract/rules/password.ts';

function Rule({ ok, children }: { ok: boolean; children: string }) {
  return (
    <li className="flex items-center gap-2" data-ok={ok}>
      {ok ? (
        <Check aria-hidden="true" className="size-4 rounded-full bg-brand p-0.5 text-black" />
      ) : (
        <Circle aria-hidden="true" className="size-4 text-muted" />
      )}
      <span>{children}</span>
      <span className="sr-only">{ok ? '(done)' : '(not yet)'}</span>
    </li>
  );
}

/** Whether a new password and its confirmation meet every rule the checklist shows. */
export function passwordPairReady(password: string, confirmation: string): boolean {
  return isStrongPassword(password) && passwordsMatch(password, confirmation);
}

function passwordsMatch(password: string, confirmation: string): boolean {
  return password.length > 0 && password === confirmation;
}

/** The rules a new password must meet, each ticked as it is met (sign-up and password reset). */
export function PasswordRules({
  password,
  confirmation,
}: {
  password: string;
  confirmation: string;
}) {
  const checks = checkPassword(password);
  return (
    <div>
      <p className="mb-2 text-sm font-bold">Your password must contain at least</p>
      <ul className="flex flex-col gap-1 text-sm" aria-label="Password requirements">
        <Rule ok={checks.letter}>1 letter</Rule>
        <Rule ok={checks.digitOrSpecial}>1 number or special character (example: # ? ! &)</Rule>
        <Rule ok={checks.length}>10 characters</Rule>
        <Rule ok={passwordsMatch(password, confirmation)}>Passwords match</Rule>
      </ul>
    </div>
  );
}
