import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { AdminLayout } from './admin-layout.tsx';
import { logOutHere } from './log-out.ts';

/** Admin routes exist only for a stored admin; the server checks every call anyway. */
export function AdminGate() {
  const { isAdmin } = useSession();
  const navigate = useNavigate();
  if (!isAdmin) return <Navigate to="/adminLogin" replace />;

  async function onLogout() {
    await logOutHere();
    navigate('/adminLogin', { replace: true });
  }

  return <AdminLayout onLogout={onLogout} />;
}
