import { useQuery } from '@tanstack/react-query';
import { userKeys, usersApi } from './users.ts';

/**
 * Who is signed in (`GET users/auth-check`), as every signed-in page reads it. Apart from users.ts,
 * which the sign-in pages load, so their first load does not bring TanStack Query.
 */
export function useAuthCheck() {
  return useQuery({ queryKey: userKeys.auth, queryFn: usersApi.authCheck });
}
