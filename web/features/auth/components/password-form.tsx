import { type FormEvent, useState } from 'react';
import { PasswordInput, TextInput } from '../../../ui/password-input.tsx';
import { PrimaryButton } from './auth-frame.tsx';

export interface PasswordFormValues {
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The e-mail and password form shared by the user and admin logins. What went wrong (`problem`)
 * shows under the fields, and only there.
 */
export function PasswordForm({
  idPrefix,
  pending,
  problem,
  onSubmit,
  onForgot,
}: {
  idPrefix: string;
  pending: boolean;
  problem: string | null;
  onSubmit: (values: PasswordFormValues) => void;
  onForgot?: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ email: email.trim(), password, remember });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextInput
        id={`${idPrefix}-email`}
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="username"
        placeholder="Email"
      />
      <PasswordInput
        id={`${idPrefix}-password`}
        label="Password"
        value={password}
        onChange={setPassword}
        placeholder="Password"
      />
      {problem && (
        <p role="alert" id={`${idPrefix}-error`} className="text-sm text-red-400">
          {problem}
        </p>
      )}
      <div className="flex items-center justify-between text-sm">
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
            className="size-4 accent-[var(--color-brand)]"
          />
          Remember me
        </label>
        {onForgot && (
          <button type="button" onClick={onForgot} className="font-bold hover:underline">
            Forgot password
          </button>
        )}
      </div>
      <PrimaryButton disabled={pending}>{pending ? 'Logging in...' : 'Log In'}</PrimaryButton>
    </form>
  );
}
