import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthCheck } from '../../api/authCheck.ts';
import { useTexts } from '../../i18n/texts.ts';
import type { LoginState } from '../../layout/useApiFailure.ts';
import { useToast } from '../../ui/Toast.tsx';
import styles from './AdminPage.module.css';
import { AuditSection } from './AuditSection.tsx';
import { Section } from './common.tsx';
import { MailSection } from './MailSection.tsx';
import { ParentsSection } from './ParentsSection.tsx';
import { ReloadSection } from './ReloadSection.tsx';
import { PostService, ServicesMatrix } from './ServicesSection.tsx';
import { TopicsSection } from './TopicsSection.tsx';
import { UsersSection } from './UsersSection.tsx';
import { WallSection } from './WallSection.tsx';

const isAdmin = (roles: readonly string[]) => roles.includes('ROLE_ADMIN');

/**
 * /91b-admin (docs/product.md, "Admin console"). Renders nothing until the role check
 * has passed: an administrator sees the console; anyone else goes to /login with the address
 * remembered (a 401 is the header's: the same move).
 */
export function AdminPage() {
  const { adminTexts } = useTexts('admin');
  const { failureTexts } = useTexts('messages');
  const auth = useAuthCheck();
  const navigate = useNavigate();
  const location = useLocation();
  const { showToast } = useToast();
  const allowed = auth.data ? isAdmin(auth.data.roles) : null;

  useEffect(() => {
    if (allowed !== false) return;
    showToast(failureTexts.accessDenied);
    navigate('/login', {
      replace: true,
      state: { from: `${location.pathname}${location.search}`, denied: true } satisfies LoginState,
    });
  }, [allowed, navigate, location.pathname, location.search, showToast, failureTexts.accessDenied]);

  if (!allowed) return null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{adminTexts.title}</h1>
      <Section title={adminTexts.postService}>
        <PostService />
      </Section>
      <Section title={adminTexts.tutoring} collapsible>
        <ReloadSection />
      </Section>
      <Section title={adminTexts.services}>
        <ServicesMatrix />
      </Section>
      <Section title={adminTexts.users}>
        <UsersSection />
      </Section>
      <Section title={adminTexts.topics} collapsible>
        <TopicsSection />
      </Section>
      <Section title={adminTexts.parents} collapsible>
        <ParentsSection />
      </Section>
      <Section title={adminTexts.wall} collapsible>
        <WallSection />
      </Section>
      <Section title={adminTexts.mail}>
        <MailSection />
      </Section>
      <Section title={adminTexts.audit}>
        <AuditSection />
      </Section>
    </div>
  );
}
