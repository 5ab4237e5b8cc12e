import { hasAnyRole, isRole, STAFF_ROLES } from '../../../../common/roles.ts';
import { useAuthCheck } from '../../api/authCheck.ts';

/**
 * Who is looking at a student's page. The student (and staff, who may answer for them) can answer;
 * anyone else allowed to see it — a linked parent — gets a read-only view: no inputs, no Submit.
 * Until the session check answers, the page shows no inputs either.
 */
export function useViewer(name: string): { canAnswer: boolean; known: boolean; isStaff: boolean } {
  const me = useAuthCheck();
  if (!me.data) return { canAnswer: false, known: false, isStaff: false };
  const self = me.data.username.toLowerCase() === name.toLowerCase();
  const isStaff = hasAnyRole(me.data.roles.map((r) => r.replace(/^ROLE_/, '')).filter(isRole), STAFF_ROLES);
  return { canAnswer: self || isStaff, known: true, isStaff };
}
