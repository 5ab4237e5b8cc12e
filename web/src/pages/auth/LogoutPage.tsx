import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sessionChanged } from '../../api/session.ts';
import { usersApi } from '../../api/users.ts';
import { useTexts } from '../../i18n/texts.ts';

/** Ends the session on the server, forgets cached data, then goes to /login. */
export function LogoutPage() {
  const navigate = useNavigate();
  const { authTexts } = useTexts('messages');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once
  useEffect(() => {
    usersApi
      .logout()
      // A failed logout is only logged; the user still lands on the sign-in page.
      .catch((error: unknown) => console.error('Logout failed', error))
      .finally(() => {
        sessionChanged();
        navigate('/login', { replace: true });
      });
  }, []);
  return (
    <main style={{ padding: '2rem' }}>
      <p role="status">{authTexts.signingOut}</p>
    </main>
  );
}
