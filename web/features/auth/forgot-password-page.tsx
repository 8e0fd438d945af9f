import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { maskEmail, validateEmail } from '../../../contract/rules/email.ts';
import { OTP_LENGTH } from '../../../contract/rules/otp.ts';
import { validatePasswordPair } from '../../../contract/rules/password.ts';
import { errorMessage } from '../../lib/api.ts';
import { rememberLogin } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { Link } from '../../ui/link.tsx';
import { PasswordInput, TextInput } from '../../ui/password-input.tsx';
import { PasswordRules } from '../../ui/password-rules.tsx';
import { useForgotPassword } from './api/forgot-password.ts';
import { useResetPassword } from './api/reset-password.ts';
import { AuthFrame, landingFor, PrimaryButton } from './components/auth-frame.tsx';
import { CodeBoxes } from './components/code-boxes.tsx';

/** /forgotPassword: a code by e-mail, then a new password with the sign-up rules, then logged in. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [digits, setDigits] = useState(() => Array<string>(OTP_LENGTH).fill(''));
  const [password, setPassword] = useState('');
  const [cpassword, setCpassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useForgotPassword();
  const reset = useResetPassword();

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const invalid = validateEmail(email);
    setProblem(invalid);
    if (invalid) return;
    try {
      await send.mutateAsync(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  async function onReset(event: FormEvent) {
    event.preventDefault();
    if (!sentTo) return;
    const weak = validatePasswordPair(password, cpassword);
    setProblem(weak);
    if (weak) return;
    try {
      const response = await reset.mutateAsync({
        email: sentTo,
        otp: digits.join(''),
        password,
        cpassword,
      });
      rememberLogin(response);
      notify.success('Your password has been changed');
      navigate(landingFor(response.isAdmin), { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <AuthFrame>
      <h1 className="mb-6 text-center text-3xl font-bold">Reset your password</h1>
      {!sentTo ? (
        <form onSubmit={onSend} noValidate className="flex flex-col gap-4">
          <p className="text-muted">
            Enter your email and we'll send you a code to reset your password.
          </p>
          <TextInput
            id="forgot-email"
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="username"
          />
          {problem && (
            <p role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          )}
          <PrimaryButton disabled={send.isPending}>Send code</PrimaryButton>
        </form>
      ) : (
        <form onSubmit={onReset} noValidate className="flex flex-col gap-4">
          <p className="text-muted">
            Enter the 6-digit code sent to you at{' '}
            <span className="text-white">{maskEmail(sentTo)}</span>
          </p>
          <CodeBoxes digits={digits} onChange={setDigits} />
          <PasswordInput
            id="reset-password"
            label="New password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
          <PasswordInput
            id="reset-cpassword"
            label="Confirm password"
            value={cpassword}
            onChange={setCpassword}
            autoComplete="new-password"
          />
          <PasswordRules password={password} confirmation={cpassword} />
          {problem && (
            <p role="alert" className="text-sm text-red-400">
              {problem}
            </p>
          )}
          <PrimaryButton disabled={reset.isPending || digits.some((d) => !d)}>
            Change password
          </PrimaryButton>
        </form>
      )}
      <Link to="/loginWithPass" className="mt-6 text-center font-bold hover:underline">
        Back to log in
      </Link>
    </AuthFrame>
  );
}
