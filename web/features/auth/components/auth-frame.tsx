import { Music2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** The logged-out pages' frame: a dark card on a gradient, the logo on top. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-full bg-gradient-to-b from-[#2a2a2a] to-black px-4 py-8 text-white">
      <main className="mx-auto flex w-full max-w-[734px] flex-col items-center rounded-lg bg-[#121212] px-6 py-10 sm:px-16">
        <Music2 aria-hidden="true" className="mb-4 size-10 text-white" />
        <div className="flex w-full max-w-[324px] flex-col">{children}</div>
      </main>
    </div>
  );
}

export function PrimaryButton({
  children,
  disabled,
  type = 'submit',
  onClick,
}: {
  children: ReactNode;
  disabled?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <button
      type={type}
      disabled={disabled}
      onClick={onClick}
      className="flex h-12 w-full items-center justify-center gap-2 rounded-full bg-brand font-bold text-black hover:scale-[1.02] hover:bg-[#3be477] disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:scale-100"
    >
      {children}
    </button>
  );
}

/** Where a fresh login lands: administrators get only the admin area. */
export function landingFor(isAdmin: boolean): string {
  return isAdmin ? '/admin_dashboard' : '/';
}
