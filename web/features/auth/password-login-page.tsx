import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { rememberLogin } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { Link } from '../../ui/link.tsx';
import { useLoginWithPass } from './api/login-with-pass.ts';
import { AuthFrame, landingFor } from './components/auth-frame.tsx';
import { PasswordForm, type PasswordFormValues } from './components/password-form.tsx';

/** /loginWithPass: the e-mail and password login; an administrator lands in the admin area. */
export function PasswordLoginPage() {
  const navigate = useNavigate();
  const login = useLoginWithPass();
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(values: PasswordFormValues) {
    notify.startFlow();
    setProblem(null);
    if (!values.email || !values.password) {
      setProblem('Please enter both email and password');
      return;
    }
    try {
      const response = await login.mutateAsync(values);
      rememberLogin(response);
      notify.success('Login successfully');
      navigate(landingFor(response.isAdmin), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        // A blocked account goes back to /login with the spec's notice, spelled as in the product.
        notify.error('Your account temporerly suspended');
        navigate('/login');
        return;
      }
      setProblem(errorMessage(error, 'Failed to login'));
    }
  }

  return (
    <AuthFrame>
      <h1 className="mb-8 text-center text-3xl font-bold sm:text-4xl">Log in to Chorus</h1>
      <PasswordForm
        idPrefix="password-login"
        pending={login.isPending}
        problem={problem}
        onSubmit={onSubmit}
        onForgot={() => navigate('/forgotPassword')}
      />
      <Link to="/login" className="mt-6 text-center font-bold hover:underline">
        Log in with an email code instead
      </Link>
      <p className="mt-6 text-center text-muted">
        Don't have an account?{' '}
        <Link to="/signup" className="text-white underline hover:text-brand">
          Sign up
        </Link>
      </p>
    </AuthFrame>
  );
}
