import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useWallet } from '@/features/wallet/hooks/wallet-context';

/** /Profile and /Author/:id need a login token; without one, go to /login remembering where from. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isSignedIn } = useWallet();
  const location = useLocation();
  if (!isSignedIn) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
