import { useLocation } from 'react-router';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

/**
 * Password recovery's two pages as one lazily loaded page: `/reset-password` (the mailed link) and
 * `/forgot-password`. One route entry and one chunk instead of two keep every page's entry smaller.
 */
export function RecoveryPage() {
  return useLocation().pathname === '/reset-password' ? <ResetPasswordPage /> : <ForgotPasswordPage />;
}
