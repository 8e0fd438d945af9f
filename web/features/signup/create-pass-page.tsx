import { Check, Circle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { checkPassword, validatePasswordPair } from '../../../contract/rules/password.ts';
import { PasswordInput } from '../../ui/password-input.tsx';
import { BotCheckNotice, NextButton, SignupStep } from './components/signup-frame.tsx';
import { useSignup } from './signup-store.ts';

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

/** /createPass (step 1 of 3). */
export function CreatePassPage() {
  const navigate = useNavigate();
  const form = useSignup((state) => state.form);
  const update = useSignup((state) => state.update);
  const [problem, setProblem] = useState<string | null>(null);
  if (!form.email) return <Navigate to="/signup" replace />;

  const checks = checkPassword(form.password);
  const matches = form.password.length > 0 && form.password === form.cpassword;
  const ready = checks.letter && checks.digitOrSpecial && checks.length && matches;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const invalid = validatePasswordPair(form.password, form.cpassword);
    setProblem(invalid);
    if (!invalid) navigate('/profileinfo');
  }

  return (
    <SignupStep step={1} title="Create a password" back="/signup">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordInput
          id="signup-password"
          label="Password"
          value={form.password}
          onChange={(password) => update({ password })}
          autoComplete="new-password"
        />
        <PasswordInput
          id="signup-cpassword"
          label="Confirm password"
          value={form.cpassword}
          onChange={(cpassword) => update({ cpassword })}
          autoComplete="new-password"
        />
        <div>
          <p className="mb-2 text-sm font-bold">Your password must contain at least</p>
          <ul className="flex flex-col gap-1 text-sm" aria-label="Password requirements">
            <Rule ok={checks.letter}>1 letter</Rule>
            <Rule ok={checks.digitOrSpecial}>1 number or special character (example: # ? ! &)</Rule>
            <Rule ok={checks.length}>10 characters</Rule>
            <Rule ok={matches}>Passwords match</Rule>
          </ul>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-400">
            {problem}
          </p>
        )}
        <NextButton disabled={!ready} />
      </form>
      <BotCheckNotice />
    </SignupStep>
  );
}
