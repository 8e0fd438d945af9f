import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { maskEmail } from '../../../contract/rules/email.ts';
import { OTP_LENGTH, OTP_RESEND_SECONDS } from '../../../contract/rules/otp.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { rememberLogin } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { Link } from '../../ui/link.tsx';
import { useSendOtp } from './api/send-otp.ts';
import { useVerifyOtp } from './api/verify-otp.ts';
import { AuthFrame, landingFor, PrimaryButton } from './components/auth-frame.tsx';
import { CodeBoxes } from './components/code-boxes.tsx';

const empty = () => Array<string>(OTP_LENGTH).fill('');

/**
 * A masked address that wraps before its `@` when it does not fit a line, rather than inside a
 * word, and breaks within a part only when that part alone is wider than the line.
 */
function MaskedEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span data-testid="masked-email" className="break-words">
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      )}
    </span>
  );
}

/** /otpSection: the code sent by e-mail, with a real 'Resend code'. */
export function OtpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const given = location.state as { email?: string; resendAfter?: number } | null;
  const email = given?.email;
  const [digits, setDigits] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  // A code sent a moment before this one was asked for may be asked for again sooner.
  const [wait, setWait] = useState(given?.resendAfter ?? OTP_RESEND_SECONDS);
  const verify = useVerifyOtp();
  const resend = useSendOtp();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  if (!email) return <Navigate to="/login" replace />;
  const complete = digits.every((digit) => /^\d$/.test(digit));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complete || !email) return;
    notify.startFlow();
    setProblem(null);
    try {
      const response = await verify.mutateAsync({ email, otp: digits.join('') });
      rememberLogin(response);
      notify.success('Login successfully');
      navigate(landingFor(response.isAdmin), { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  async function onResend() {
    if (!email) return;
    setDigits(empty());
    setProblem(null);
    try {
      const response = await resend.mutateAsync(email);
      setWait(response.resendAfter);
      notify.info(
        response.resendAfter < OTP_RESEND_SECONDS ? response.message : 'We sent you a new code',
      );
    } catch (error) {
      setProblem(errorMessage(error));
      const match = error instanceof ApiError ? /in (\d+) second/.exec(error.message) : null;
      if (match) setWait(Number(match[1]));
    }
  }

  return (
    <AuthFrame>
      <form onSubmit={onSubmit} className="flex flex-col gap-6">
        <h1 className="text-center text-2xl font-bold">
          Enter the 6-digit code sent to you at <MaskedEmail email={maskEmail(email)} />
        </h1>
        <CodeBoxes digits={digits} onChange={setDigits} disabled={verify.isPending} />
        {problem && (
          <p role="alert" className="text-sm text-red-400">
            {problem}
          </p>
        )}
        <button
          type="button"
          onClick={onResend}
          disabled={wait > 0 || resend.isPending}
          className="self-start text-sm font-bold underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
        >
          {wait > 0 ? `Resend code (${wait}s)` : 'Resend code'}
        </button>
        <PrimaryButton disabled={!complete || verify.isPending}>Log in</PrimaryButton>
        <Link to="/loginWithPass" className="text-center font-bold hover:underline">
          Log in with a password
        </Link>
      </form>
    </AuthFrame>
  );
}
