import { formatDateTime } from '../../common/dates.ts';
import type { Role } from '../../common/roles.ts';
import type { Db } from '../db/open.ts';
import { createQuestion } from '../questions/service.ts';
import type { UserRow } from '../shared/users.ts';
import { createAccount, findUserByEmail, linkChild } from '../users/service.ts';

/** The demo's people. The passwords are public on purpose: this data is for trying the app out. */
export const demoAccounts = [
  {
    email: 'teacher@example.com',
    username: 'teacher',
    password: 'demo-teacher-2026',
    roles: ['ADMIN', 'TEACHER'],
  },
  { email: 'alice@example.com', username: 'alice', password: 'demo-student-2026', roles: ['STUDENT'] },
  { email: 'bob@example.com', username: 'bob', password: 'demo-student-2026', roles: ['STUDENT'] },
  { email: 'chloe@example.com', username: 'chloe', password: 'demo-student-2026', roles: ['STUDENT'] },
  { email: 'dana@example.com', username: 'dana', password: 'demo-parent-2026', roles: ['PARENT'] },
] as const satisfies readonly { email: string; username: string; password: string; roles: readonly Role[] }[];

export type DemoResult = { created: string[]; existing: string[]; questions: number };

/** A handful of questions of every type, some with code, for alice and bob; one with formulas for chloe. */
function demoQuestions(due: (hours: number) => string) {
  return [
    {
      title: 'Loop output',
      question:
        'What does this print?&code:&type=java:for (int i = 0; i < 3; i++) {\n  System.out.print(i);\n}',
      type: 'm' as const,
      candidates: ['012', '123', '0123'],
      answer: '012',
      explanation: 'i starts at 0 and stops before 3.',
      hint: 'Look at the condition.',
      topics: ['java', 'loops'],
      students: ['alice', 'bob'],
      targetDate: due(20),
    },
    {
      title: 'Filtering rows',
      question: 'Which rows does this return?&code:&type=sql:SELECT name FROM pupils WHERE age >= 12;',
      type: 'm' as const,
      candidates: ['Pupils aged 12 or more', 'Pupils younger than 12', 'All pupils'],
      answer: 'Pupils aged 12 or more',
      explanation: '>= keeps 12 and above.',
      hint: null,
      topics: ['sql'],
      students: ['alice', 'bob'],
      targetDate: due(20),
    },
    {
      title: 'Even numbers',
      question: 'Which of these are even?',
      type: 'M' as const,
      candidates: ['2', '3', '8', '11'],
      answer: '["2","8"]',
      explanation: 'Even numbers divide by 2 with no remainder.',
      hint: 'Divide by two.',
      topics: ['arithmetic'],
      students: ['alice'],
      targetDate: due(44),
    },
    {
      title: 'List comprehension',
      question: 'What is the value of squares?&code:&type=python:squares = [n * n for n in range(4)]',
      type: 's' as const,
      candidates: [],
      answer: '[0, 1, 4, 9]',
      explanation: 'range(4) is 0, 1, 2, 3.',
      hint: null,
      topics: ['python'],
      students: ['alice', 'bob'],
      targetDate: due(44),
    },
    {
      title: 'Pointers',
      question: 'What does p point to after this?&code:&type=c:int a[3] = {1, 2, 3};\nint *p = a + 1;',
      type: 'm' as const,
      candidates: ['a[0]', 'a[1]', 'a[2]'],
      answer: 'a[1]',
      explanation: 'a + 1 is the address of the second element.',
      hint: null,
      topics: ['c', 'pointers'],
      students: ['bob'],
      targetDate: due(68),
    },
    {
      title: 'Area of a circle',
      question: 'Which gives the area of a circle of radius $r$ (and diameter $d = 2r$)?',
      type: 'm' as const,
      candidates: ['$\\pi r^2$', '$2\\pi r$', '$\\frac{\\pi d}{2}$'],
      answer: '$\\pi r^2$',
      explanation: 'The area is $$A = \\pi r^2 = \\frac{\\pi d^2}{4};$$ $2\\pi r$ is the circumference.',
      hint: 'An area is in square units.',
      topics: ['geometry'],
      students: ['chloe'],
      targetDate: due(44),
    },
  ];
}

/**
 * Fills the database with the demo people (parent dana linked to alice) and, the first time, a
 * handful of questions assigned to alice and bob. Safe to run again.
 */
export async function seedDemo(db: Db, clock: { now: Date; timeZone: string }): Promise<DemoResult> {
  const result: DemoResult = { created: [], existing: [], questions: 0 };
  const byName = new Map<string, UserRow>();
  for (const account of demoAccounts) {
    let user = await findUserByEmail(db, account.email);
    if (user) {
      result.existing.push(account.username);
    } else {
      user = await createAccount(db, { ...account, roles: [...account.roles] });
      result.created.push(account.username);
    }
    byName.set(account.username, user);
  }
  await linkChild(db, byName.get('dana')!.id, byName.get('alice')!.id);
  if (result.created.includes('teacher')) {
    const due = (hours: number) =>
      formatDateTime(new Date(clock.now.getTime() + hours * 3_600_000), clock.timeZone);
    for (const question of demoQuestions(due)) {
      await createQuestion(
        db,
        { ...question, pictures: [] },
        { ...clock, authorId: byName.get('teacher')!.id },
      );
      result.questions++;
    }
  }
  return result;
}

export function printDemoAccounts(result: DemoResult): void {
  const lines = [
    `Demo data ready (${result.created.length} accounts created, ${result.existing.length} already there, ${result.questions} questions added). Sign in with:`,
    ...demoAccounts.map(
      (a) =>
        `  ${a.roles.join(',').padEnd(14)} ${a.email.padEnd(22)} password ${a.password}   (name: ${a.username})`,
    ),
    '  dana is the parent of alice.',
  ];
  console.log(lines.join('\n'));
}
