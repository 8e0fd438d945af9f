import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { validatePasswordPair } from '../../../contract/rules/password.ts';
import { PasswordInput } from '../../ui/password-input.tsx';
import { PasswordRules, passwordPairReady } from '../../ui/password-rules.tsx';
import { BotCheckNotice, NextButton, SignupStep } from './components/signup-frame.tsx';
import { useSignup } from './signup-store.ts';

/** /createPass (step 1 of 3). */
export function CreatePassPage() {
  const navigate = useNavigate();
  const form = useSignup((state) => state.form);
  const update = useSignup((state) => state.update);
  const [problem, setProblem] = useState<string | null>(null);
  if (!form.email) return <Navigate to="/signup" replace />;

  const ready = passwordPairReady(form.password, form.cpassword);

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
        <PasswordRules password={form.password} confirmation={form.cpassword} />
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
