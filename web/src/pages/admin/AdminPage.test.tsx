import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminTexts } from '../../../../common/adminTexts.ts';
import { pageOf } from '../../../test/fixtures.ts';
import { jsonFetch, renderPage } from '../../../test/renderPage.tsx';
import { showLanguage } from '../../i18n/language.ts';
import { AdminPage } from './AdminPage.tsx';

const adminCheck = { username: 'root', role: 'ADMIN', roles: ['ROLE_ADMIN'] };
let routes: Record<string, unknown>;
let sent: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  sent = [];
  routes = {
    'users/auth-check': adminCheck,
    services: ['Tutoring', 'Simple Math Question'],
    student: [
      {
        id: 1,
        name: 'alice',
        email: 'a@example.com',
        url: null,
        subscriptions: [{ id: 9, service: { id: 1, name: 'Tutoring' } }],
      },
      { id: 2, name: 'bob', email: 'b@example.com', url: null, subscriptions: [] },
    ],
    users: pageOf(
      [
        {
          id: 1,
          email: 'a@example.com',
          username: 'alice',
          role: 'STUDENT',
          imageURL: '/images/avatars/default.svg',
          services: ['Tutoring'],
        },
      ],
      { size: 10 },
    ),
    audit: [
      {
        id: 3,
        at: '2026-03-10T10:00:00+09:00',
        actor: 'root',
        action: 'service.create',
        target: 'Chess',
        detail: '',
      },
    ],
    'mail/outbox': {
      configured: true,
      waiting: 2,
      failing: 1,
      abandoned: 0,
      oldestWaiting: '2026-03-10T09:00:00+09:00',
      lastFailure: {
        at: '2026-03-10T09:30:00+09:00',
        kind: 'password-reset',
        to: 'ann@example.com',
        reason: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587',
        failures: 1,
        state: 'waiting',
        nextTry: '2026-03-10T09:31:00+09:00',
      },
      lastSuccess: { at: '2026-03-10T08:00:00+09:00', kind: 'parent-weekly', to: 'mom@example.com' },
    },
    'POST services': (init?: RequestInit) => ({ id: 5, name: String(init?.body) }),
    'POST subscriptions/multiples': 2,
  };
  const answer = jsonFetch(routes);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push({ method, url, body: init?.body });
    return answer(url, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderPage(<AdminPage />, { path: '/91b-admin', at: '/91b-admin' });

describe('the admin console', () => {
  it('renders nothing until the role check has passed, then the sections in order', async () => {
    let release: (value: Response) => void = () => {};
    const answer = jsonFetch(routes);
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('auth-check') ? new Promise<Response>((r) => (release = r)) : answer(url, init),
    );
    const { container } = open();
    await new Promise((r) => setTimeout(r, 20));
    expect(container.textContent).toBe('');
    release(Response.json(adminCheck));
    await screen.findByRole('heading', { level: 1, name: adminTexts.title });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Post Service',
      'Tutoring',
      'Services',
      'Users',
      'Topics',
      'Assign Student to Parent',
      'Wall',
      'Mail',
      'Audit',
    ]);
    // Tutoring, Topics, Assign Student to Parent (and Wall) start hidden.
    for (const name of ['Tutoring', 'Topics', 'Assign Student to Parent', 'Wall'])
      expect(screen.getByRole('button', { name }).getAttribute('aria-expanded')).toBe('false');
  });

  it('sends anyone else to /login, remembering the address', async () => {
    routes['users/auth-check'] = { username: 'tess', role: 'TEACHER', roles: ['ROLE_TEACHER'] };
    open();
    await screen.findByTestId('elsewhere');
    expect(screen.queryByText(adminTexts.title)).toBeNull();
  });

  it('asks before posting a service on Enter and says it is added, word for word', async () => {
    open();
    const input = await screen.findByLabelText(adminTexts.serviceName);
    fireEvent.change(input, { target: { value: 'Chess Club' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure to post the new Service name:Chess Club');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByText('Service Chess Club is added!');
    expect(sent).toEqual([{ method: 'POST', url: '/api/v1/services', body: 'Chess Club' }]);
  });

  it('shows the matrix and assigns every selected student × service after a confirm', async () => {
    open();
    const matrix = await screen.findByRole('table', { name: adminTexts.matrixCaption });
    expect(within(matrix).getByRole('img', { name: 'alice is subscribed to Tutoring' })).toBeDefined();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select alice' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select bob' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Simple Math Question' }));
    fireEvent.click(screen.getByRole('button', { name: adminTexts.assignServices }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you usre to assign the services?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByText(adminTexts.assigned(2));
    expect(JSON.parse(String(sent[0]!.body))).toEqual([
      { studentName: 'alice', serviceName: 'Simple Math Question' },
      { studentName: 'bob', serviceName: 'Simple Math Question' },
    ]);
  });

  it("says 'There is an error' when assigning fails on the server", async () => {
    routes['POST subscriptions/multiples'] = Response.json({ status: 500, message: 'boom' }, { status: 500 });
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select bob' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Tutoring' }));
    fireEvent.click(screen.getByRole('button', { name: adminTexts.assignServices }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await screen.findByText('There is an error');
  });

  it("says 'There is an issue on the server...' when the console's lists fail to load", async () => {
    routes.users = Response.json({ status: 500, message: 'boom' }, { status: 500 });
    open();
    await screen.findByText('There is an issue on the server...');
  });

  it('edits a user card with the role in upper case, and lists the audit', async () => {
    routes['PATCH users'] = { id: 1, username: 'alice', email: 'a@example.com', role: 'STUDENT,PARENT' };
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const role = screen.getByLabelText(adminTexts.role) as HTMLInputElement;
    fireEvent.change(role, { target: { value: 'student,parent' } });
    expect(role.value).toBe('STUDENT,PARENT');
    fireEvent.click(screen.getByRole('button', { name: adminTexts.save }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ id: 1, role: 'STUDENT,PARENT' });
    expect(screen.getByRole('list', { name: 'Audit' }).textContent).toContain(
      'root · Added a service: Chess',
    );
    // The time in APP_TIME_ZONE (Asia/Seoul by default), read by people, not the ISO text.
    expect(screen.getByRole('list', { name: 'Audit' }).querySelector('time')!.textContent).toBe(
      '10 Mar 2026, 10:00',
    );
  });

  it('lists the audit in Korean, its time too', async () => {
    await showLanguage('ko');
    try {
      open();
      const audit = await screen.findByRole('list', { name: '작업 기록' });
      expect(audit.querySelector('time')!.textContent).toBe('2026년 3월 10일 10:00');
      expect(audit.textContent).not.toMatch(/[A-Za-z]{3,} [a-z]/);
    } finally {
      await showLanguage('en');
    }
  });

  it("says 'Question or topic is not selected' when assigning topics with nothing selected", async () => {
    routes['questions/topics'] = pageOf([{ id: 4, title: 'Loops', question: 'q', topics: [] }], { size: 10 });
    routes.topics = [{ id: 1, title: 'loops' }];
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Topics' }));
    fireEvent.click(await screen.findByRole('button', { name: adminTexts.assignTopics }));
    await screen.findByText('Question or topic is not selected');
    fireEvent.click(await screen.findByRole('checkbox', { name: '4. Loops' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'loops' }));
    fireEvent.click(screen.getByRole('button', { name: adminTexts.assignTopics }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Are you sure to add topic loops ?');
  });

  it('shows the mail queue: waiting, the last failure with its reason, the last mail sent', async () => {
    open();
    const mail = (await screen.findByRole('heading', { name: 'Mail' })).closest('section')!;
    await within(mail).findByText('2 mails are waiting to be sent.');
    expect(mail.textContent).toContain(
      'The oldest was written 10 Mar 2026, 09:00. 1 of them has failed at least once.',
    );
    expect(mail.textContent).toContain(
      '10 Mar 2026, 09:30 Password reset · To ann@example.com · 1 failure' +
        'Reason: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587Tried again 10 Mar 2026, 09:31.',
    );
    expect(mail.textContent).toContain('10 Mar 2026, 08:00 Weekly report to a parent · To mom@example.com');
    expect(within(mail).queryByRole('note')).toBeNull();
  });

  it('says when no mail service is set, in Korean too', async () => {
    routes['mail/outbox'] = {
      configured: false,
      waiting: 1,
      failing: 0,
      abandoned: 0,
      oldestWaiting: '2026-03-10T09:00:00+09:00',
      lastFailure: null,
      lastSuccess: null,
    };
    await showLanguage('ko');
    try {
      open();
      const mail = (await screen.findByRole('heading', { name: '메일' })).closest('section')!;
      expect((await within(mail).findByRole('note')).textContent).toBe(
        '메일 서버(SMTP_URL)가 설정되지 않았습니다. 메일은 여기에서 기다리며 발송되지 않습니다.',
      );
      expect(mail.textContent).toContain('메일 1통이 발송을 기다립니다.');
      expect(mail.textContent).toContain('실패한 메일이 없습니다.');
      expect(mail.textContent).toContain('아직 발송한 메일이 없습니다.');
    } finally {
      await showLanguage('en');
    }
  });
});
