import { ChevronLeft, Music2, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The sign-up's bot-check notice, true to what runs: a self-hosted proof of work. */
export function BotCheckNotice({ status }: { status?: ReactNode }) {
  return (
    <p className="mt-8 flex items-start gap-2 text-xs text-muted" data-testid="bot-check-notice">
      <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
      <span>
        This site is protected by a private proof-of-work bot check that runs in your browser. No
        third party is involved. {status}
      </span>
    </p>
  );
}

/** A step of the three-step sign-up: progress bar, back arrow, step number and title. */
export function SignupStep({
  step,
  title,
  back,
  children,
}: {
  step: 1 | 2 | 3;
  title: string;
  back: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="min-h-full bg-[#121212] px-4 py-8 text-white">
      <div className="mx-auto flex w-full max-w-[436px] flex-col">
        <Music2 aria-hidden="true" className="mx-auto mb-6 size-10" />
        <div
          role="progressbar"
          aria-label="Sign-up progress"
          aria-valuemin={0}
          aria-valuemax={3}
          aria-valuenow={step}
          className="h-0.5 w-full bg-white/20"
        >
          <div
            className="h-full bg-brand transition-all"
            style={{ width: `${(step / 3) * 100}%` }}
          />
        </div>
        <div className="mt-4 mb-6 flex items-center gap-3">
          <button
            type="button"
            aria-label="Back"
            onClick={() => navigate(back)}
            className="grid size-10 place-items-center rounded-full text-muted hover:text-white"
          >
            <ChevronLeft className="size-7" />
          </button>
          <div>
            <p className="text-muted">Step {step} of 3</p>
            <h1 className="font-bold">{title}</h1>
          </div>
        </div>
        <div className="px-2 sm:px-12">{children}</div>
      </div>
    </div>
  );
}

export function NextButton({
  disabled,
  children = 'Next',
}: {
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className="mt-8 flex h-12 w-full items-center justify-center gap-2 rounded-full bg-brand font-bold text-black hover:scale-[1.02] disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:scale-100"
    >
      {children}
    </button>
  );
}
