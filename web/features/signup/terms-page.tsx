import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api.ts';
import { rememberLogin } from '../../lib/session.ts';
import { notify, SIGNUP_TOAST_MS } from '../../lib/toast.ts';
import { useRegister } from './api/register.ts';
import { solveBotCheck } from './bot-check.ts';
import { BotCheckNotice, NextButton, SignupStep } from './components/signup-frame.tsx';
import { useSignup } from './signup-store.ts';

type CheckState = 'working' | 'done' | 'failed';

/** /terms&conditions (step 3 of 3): agree, pass the bot check, sign up. */
export function TermsPage() {
  const navigate = useNavigate();
  const form = useSignup((state) => state.form);
  const error = useSignup((state) => state.error);
  const setError = useSignup((state) => state.setError);
  const reset = useSignup((state) => state.reset);
  const register = useRegister();
  const solution = useRef<Promise<string> | null>(null);
  const [check, setCheck] = useState<CheckState>('working');
  // Once signed up the form is cleared; that must not bounce the page back to /signup.
  const finished = useRef(false);

  // The proof of work starts as the page opens, so it is usually done before the click.
  const startCheck = useCallback(() => {
    setCheck('working');
    const attempt = solveBotCheck();
    solution.current = attempt;
    attempt.then(
      () => solution.current === attempt && setCheck('done'),
      () => solution.current === attempt && setCheck('failed'),
    );
  }, []);

  useEffect(() => {
    startCheck();
    return () => {
      solution.current = null;
      setError(null); // the stored error is cleared when leaving the terms screen
    };
  }, [startCheck, setError]);

  if (!form.email && !finished.current) return <Navigate to="/signup" replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    notify.startFlow();
    setError(null);
    try {
      if (!solution.current) startCheck();
      const altcha = await solution.current!;
      const response = await register.mutateAsync({ ...form, altcha });
      rememberLogin(response);
      finished.current = true;
      reset();
      notify.success('Registration successful!', SIGNUP_TOAST_MS);
      navigate('/', { replace: true });
    } catch (failure) {
      const message = errorMessage(failure, 'Registration failed');
      setError(message); // shown in the box above the button, and only there
      startCheck(); // a solution is accepted once: the next try needs a new one
    }
  }

  const statusText =
    check === 'working'
      ? 'Checking that you are not a bot…'
      : check === 'done'
        ? 'Check complete.'
        : 'The check could not run; it will try again when you sign up.';
  return (
    <SignupStep step={3} title="Terms & Conditions" back="/profileinfo">
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="rounded-md bg-[#242424] p-4 text-sm">
          By clicking on sign-up, you agree to Chorus's{' '}
          <a
            href="/legal/terms.html"
            target="_blank"
            rel="noreferrer"
            className="text-brand underline"
          >
            Terms and Conditions of Use
          </a>
          .
        </p>
        <p className="rounded-md bg-[#242424] p-4 text-sm">
          To learn more about how Chorus collects, uses, shares and protects your personal data,
          please see Chorus's{' '}
          <a
            href="/legal/privacy.html"
            target="_blank"
            rel="noreferrer"
            className="text-brand underline"
          >
            Privacy Policy
          </a>
          .
        </p>
        {error && (
          <div
            role="alert"
            data-testid="signup-error"
            className="rounded-md border border-red-500 bg-red-500/10 p-3 text-sm text-red-300"
          >
            {error}
          </div>
        )}
        <NextButton disabled={register.isPending}>
          {register.isPending ? (
            <>
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              Signing up...
            </>
          ) : (
            'Sign up'
          )}
        </NextButton>
      </form>
      <BotCheckNotice status={<span data-testid="bot-check-status">{statusText}</span>} />
    </SignupStep>
  );
}
