import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The sign-up form data held across the steps. */
export interface SignupForm {
  name: string;
  email: string;
  password: string;
  cpassword: string;
  DOB: string;
  gender: string;
}

interface SignupState {
  form: SignupForm;
  /** The stored registration error, shown on the terms step and cleared on leaving it. */
  error: string | null;
  update: (patch: Partial<SignupForm>) => void;
  setError: (error: string | null) => void;
  reset: () => void;
}

const EMPTY: SignupForm = { name: '', email: '', password: '', cpassword: '', DOB: '', gender: '' };

/**
 * Kept in sessionStorage so a reload inside the flow loses nothing; it dies with the tab and is
 * cleared after a successful sign-up (the password never reaches localStorage).
 */
export const useSignup = create<SignupState>()(
  persist(
    (set) => ({
      form: EMPTY,
      error: null,
      update: (patch) => set((state) => ({ form: { ...state.form, ...patch } })),
      setError: (error) => set({ error }),
      reset: () => set({ form: EMPTY, error: null }),
    }),
    {
      name: 'chorus-signup',
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ form: state.form }),
    },
  ),
);
