import { CircleAlert, Music2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { validateEmail } from '../../../contract/rules/email.ts';
import { ApiError } from '../../lib/api.ts';
import { notify, SIGNUP_TOAST_MS } from '../../lib/toast.ts';
import { Link } from '../../ui/link.tsx';
import { checkEmail } from './api/check-email.ts';
import { solveBotCheck } from './bot-check.ts';
import { BotCheckNotice } from './components/signup-frame.tsx';
import { useSignup } from './signup-store.ts';

const EXAMPLE = 'name@domain.com';

/** What step 1 learns of an address: a problem to show, or nothing (go on). */
type AddressCheck = { problem: string; taken: boolean } | null;

/**
 * Asks the server whether `email` is free. Only a taken or refused address stops the listener;
 * when the check cannot respond (its limit, the bot check, the network), the last step decides.
 */
async function checkAddress(
  email: string,
  solution: Promise<string> | null,
): Promise<AddressCheck> {
  try {
    await checkEmail(email, solution ? await solution.catch(() => null) : null);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) return null;
    if (error.status === 409) return { problem: error.message, taken: true };
    if (error.status === 400 && error.field === 'email')
      return { problem: error.message, taken: false };
    return null;
  }
}

/** /signup: the e-mail, then the three steps. */
export function SignupPage() {
  const navigate = useNavigate();
  const email = useSignup((state) => state.form.email);
  const update = useSignup((state) => state.update);
  const [problem, setProblem] = useState<string | null>(null);
  const [taken, setTaken] = useState(false);
  const [checking, setChecking] = useState(false);
  // The check takes a bot-check solution as registering does; it is solved while the listener
  // types, and each is accepted once.
  const solution = useRef<Promise<string> | null>(null);
  useEffect(() => {
    solution.current = solveBotCheck();
    solution.current.catch(() => {});
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    notify.startFlow();
    const invalid = validateEmail(email);
    setProblem(invalid);
    setTaken(false);
    if (invalid || checking) return;
    setChecking(true);
    const response = await checkAddress(email.trim(), solution.current);
    setChecking(false);
    if (response) {
      // The next try needs a new solution.
      solution.current = solveBotCheck();
      solution.current.catch(() => {});
      setProblem(response.problem);
      setTaken(response.taken);
      return;
    }
    update({ email: email.trim() });
    navigate('/createPass');
  }

  return (
    <div className="min-h-full bg-[#121212] px-4 py-10 text-white">
      <main className="mx-auto flex w-full max-w-[324px] flex-col">
        <Music2 aria-hidden="true" className="mx-auto mb-6 size-10" />
        <h1 className="mb-10 text-center text-4xl font-bold sm:text-5xl">
          Sign up to start listening
        </h1>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          <label htmlFor="signup-email" className="text-sm font-bold">
            Email address
          </label>
          <input
            id="signup-email"
            type="email"
            value={email}
            autoComplete="email"
            placeholder={EXAMPLE}
            aria-invalid={Boolean(problem) || undefined}
            aria-describedby={problem ? 'signup-email-error' : undefined}
            onChange={(event) => update({ email: event.target.value })}
            className={`h-12 rounded border bg-[#121212] px-3 outline-none hover:border-white focus:border-white ${problem ? 'border-red-500' : 'border-white/30'}`}
          />
          {problem && (
            <p id="signup-email-error" className="flex items-start gap-2 text-sm text-red-400">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {problem === 'Please enter a valid email'
                  ? `This email is invalid. Make sure it's written like ${EXAMPLE}`
                  : problem}
                {taken && (
                  <>
                    {' '}
                    <Link
                      to="/login"
                      state={{ email: email.trim() }}
                      className="font-bold text-white underline hover:text-brand"
                    >
                      Log in instead
                    </Link>
                  </>
                )}
              </span>
            </p>
          )}
          <button
            type="button"
            onClick={() => notify.info('Phone number signup not implemented yet', SIGNUP_TOAST_MS)}
            className="self-start text-sm font-bold text-brand hover:underline"
          >
            Use phone number instead.
          </button>
          <button
            type="submit"
            aria-disabled={checking || undefined}
            className="mt-4 h-12 rounded-full bg-brand font-bold text-black hover:scale-[1.02]"
          >
            Next
          </button>
        </form>
        <div className="my-8 flex items-center gap-3 text-sm text-muted">
          <hr className="flex-1 border-white/20" /> or <hr className="flex-1 border-white/20" />
        </div>
        <button
          type="button"
          onClick={() => notify.info('Google signup not implemented yet', SIGNUP_TOAST_MS)}
          className="h-12 rounded-full border border-white/40 font-bold hover:border-white"
        >
          Sign up with Google
        </button>
        <hr className="my-8 border-white/20" />
        <p className="text-center text-muted">
          Already have an account?{' '}
          <Link to="/login" className="text-white underline hover:text-brand">
            Log in here.
          </Link>
        </p>
        <BotCheckNotice />
      </main>
    </div>
  );
}
