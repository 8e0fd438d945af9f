import { Navigate, useNavigate } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { logout, useSession } from '../lib/session.ts';
import { AdminLayout } from './admin-layout.tsx';

/** Admin routes exist only for a stored admin; the server checks every call anyway. */
export function AdminGate() {
  const { isAdmin } = useSession();
  const navigate = useNavigate();
  if (!isAdmin) return <Navigate to="/adminLogin" replace />;

  async function onLogout() {
    try {
      await logout();
    } catch (error) {
      console.error('logout failed', error);
    }
    queryClient.clear();
    navigate('/adminLogin', { replace: true });
  }

  return <AdminLayout onLogout={onLogout} />;
}
