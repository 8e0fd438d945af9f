import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { rememberLogin } from '../../lib/session.ts';
import { notify } from '../../lib/toast.ts';
import { useAdminLogin } from './api/admin-login.ts';
import { AuthFrame } from './components/auth-frame.tsx';
import { PasswordForm, type PasswordFormValues } from './components/password-form.tsx';

/** /adminLogin: the password form, for administrators only. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(values: PasswordFormValues) {
    notify.startFlow();
    setProblem(null);
    if (!values.email || !values.password) {
      setProblem('Email and password are required');
      return;
    }
    try {
      const response = await login.mutateAsync(values);
      rememberLogin(response);
      navigate('/admin_dashboard', { replace: true });
    } catch (error) {
      const down = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      setProblem(down ? NETWORK_ERROR : 'not allowed');
    }
  }

  return (
    <AuthFrame>
      <h1 className="mb-8 text-center text-3xl font-bold sm:text-4xl">Admin Login</h1>
      <PasswordForm
        idPrefix="admin-login"
        pending={login.isPending}
        problem={problem}
        onSubmit={onSubmit}
      />
    </AuthFrame>
  );
}
