import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoading } from '../ui/FullPageLoading.tsx';
import { useSession } from './RuntimeContext.tsx';

/** No token → auth/login (spec 000 §2.2); token but user info still loading → spinner. */
export function RequireSession({ area }: { area: 'pages' | 'administrador' }) {
  const { token, user } = useSession();
  if (!token) return <Navigate to="/auth/login" replace />;
  if (!user) return <FullPageLoading />;
  if (area === 'administrador' && !user.isAvanco && !user.master)
    return <Navigate to="/pages/dashboard" replace />;
  return <Outlet />;
}
