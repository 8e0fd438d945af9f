import { Navigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { AdminLayout } from './admin-layout.tsx';

/** Admin routes exist only for a stored admin (SPEC §2.1); the server checks every call anyway. */
export function AdminGate() {
  const { isAdmin } = useSession();
  return isAdmin ? <AdminLayout /> : <Navigate to="/adminLogin" replace />;
}
