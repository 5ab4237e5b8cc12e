import type { OwnerContent } from './types.ts';

/**
 * The owner's content: edit this file (and the pictures in content/photos/) to make the portfolio
 * yours. `npm run build` checks it (content/validate.ts) and stops with a list of anything missing.
 * What ships here is sample content: the seven periods of docs/product.md, "Portfolio pages", a
 * sample name and made-up details.
 */
export const owner: OwnerContent = {
  name: 'Minseo Park',
  shortName: 'Minseo',
  siteTitle: "Minseo Park's Portfolio",
  jobTitle: 'SOFTWARE ENGINEER',
  email: 'minseo.park@example.com',
  network: {
    service: 'LinkedIn',
    handle: 'in/minseo-park-example',
    url: 'https://www.linkedin.com/in/minseo-park-example',
  },
  phone: '+82 10-0000-1234',
  headerPhotos: [
    { file: 'header-harbour-dawn.svg', alt: 'A harbour at dawn' },
    { file: 'header-city-night.svg', alt: 'A city skyline at night' },
    { file: 'header-mountain-trail.svg', alt: 'Mountains seen from a hiking trail' },
    { file: 'header-campus-autumn.svg', alt: 'A university hall in autumn' },
    { file: 'header-desk-code.svg', alt: 'A laptop showing code' },
    { file: 'header-river-evening.svg', alt: 'A river in the evening light' },
  ],
  timeline: [
    {
      label: 'First year at a university',
      period: 'First Year at University',
      when: 'Sep 2017 – May 2018',
      photos: [
        { file: 'y1-first-lecture.svg', alt: 'The lecture hall of the first year' },
        { file: 'y1-startup-whiteboard.svg', alt: 'A whiteboard planning the first company' },
      ],
      tldr: [
        'Studies: started Computer Science with CS1002 Object-Oriented Programming and CS1003 Programming with Data',
        'Company: co-founded a small web studio with two classmates',
        'Lesson: shipping something small every week beats planning something big',
      ],
      details: [
        {
          title: 'BSc (Hons) Computer Science, first year',
          period: 'Sep 2017 – May 2018',
          contents: [
            'Java from the first week: classes, interfaces, collections and unit tests',
            'Data processing in Python and the command line',
            'Mathematics for computing: logic, sets, proofs',
          ],
        },
        {
          title: 'Co-founder, a three-person web studio',
          period: 'Jan 2018 – Aug 2018',
          contents: [
            'Built and hosted sites for four local shops and a student society',
            'Handled the quotes, the invoices and the customers’ changes of mind',
          ],
        },
      ],
      furtherInformation: [
        {
          title: 'Modules taken',
          contents: [
            'CS1002 Object-Oriented Programming',
            'CS1003 Programming with Data',
            'MT1003 Pure and Applied Mathematics',
          ],
        },
      ],
    },
    {
      label: 'Second year at the university',
      period: 'Second Year at University',
      when: 'Sep 2018 – May 2019',
      photos: [
        { file: 'y2-library.svg', alt: 'Shelves of the university library' },
        { file: 'y2-coast-walk.svg', alt: 'A walk along the coast near the university' },
      ],
      tldr: [
        'Studies: CS2001 Foundations of Computation, CS2002 Computer Systems and CS2003 The Internet and the Web',
        'Practice: first team project, a booking system in Java with a MariaDB database',
      ],
      details: [
        {
          title: 'BSc (Hons) Computer Science, second year',
          period: 'Sep 2018 – May 2019',
          contents: [
            'C and memory: pointers, processes, a small shell',
            'HTTP, HTML, CSS and JavaScript from first principles',
            'Automata, grammars and what computers cannot do',
          ],
        },
      ],
      furtherInformation: [
        {
          title: 'Modules taken',
          contents: [
            'CS2001 Foundations of Computation',
            'CS2002 Computer Systems',
            'CS2003 The Internet and the Web: Concepts and Programming',
            'CS2006 Haskell and Advanced Programming',
          ],
        },
        {
          title: 'Skills learned',
          contents: ['Git in a team of five', 'SQL schema design', 'Writing a test plan before the code'],
        },
      ],
    },
    {
      label: 'Served for National Duty',
      period: 'National Service',
      when: 'Nov 2019 – May 2021',
      photos: [
        { file: 'duty-barracks-dawn.svg', alt: 'Barracks at dawn' },
        { file: 'duty-snow-ridge.svg', alt: 'A snowy ridge in winter' },
      ],
      tldr: [
        'Service: eighteen months of national service, discharged as a sergeant',
        'Role: kept the unit’s supply records and trained new soldiers on them',
      ],
      details: [
        {
          title: 'Sergeant, supply section',
          period: 'Nov 2019 – May 2021',
          contents: [
            'Moved the section’s stock sheets to one shared spreadsheet with checks',
            'Led a team of six through two winter exercises',
          ],
        },
      ],
      furtherInformation: [
        {
          title: 'What it taught',
          contents: ['Clear hand-overs', 'Planning around people, not only tasks'],
        },
      ],
    },
    {
      label: 'Third year at the university',
      extraLabel: 'Start Freelance Tutoring as a Job',
      period: 'Third Year, and Freelance Tutoring',
      when: 'Sep 2021 – May 2022',
      photos: [
        { file: 'y3-tutoring-desk.svg', alt: 'Worksheets on a tutoring desk' },
        { file: 'y3-spring-campus.svg', alt: 'The campus in spring' },
      ],
      tldr: [
        'Studies: back to university for software engineering, databases and networks',
        'Tutoring: freelance tutor in programming and mathematics since May 2021, and still today',
        'Tools: built the first version of this tutoring site for my own students',
      ],
      details: [
        {
          title: 'BSc (Hons) Computer Science, third year',
          period: 'Sep 2021 – May 2022',
          contents: [
            'A team software engineering project with a real client',
            'Database systems: transactions, indexes, query plans',
          ],
        },
        {
          title: 'Freelance tutor',
          period: 'May 2021 – present',
          contents: [
            'Java, Python and mathematics for secondary-school and university students',
            'Homework set, answered and marked on a site of my own making',
          ],
        },
      ],
      furtherInformation: [
        {
          title: 'Modules taken',
          contents: [
            'CS3050 Logic and Reasoning',
            'CS3101 Databases',
            'CS3102 Data Communications and Networks',
            'CS3099 Software Engineering Team Project',
          ],
        },
      ],
    },
    {
      label: 'Fourth year at the university',
      period: 'Fourth Year at University',
      when: 'Sep 2022 – Jun 2023',
      photos: [
        { file: 'y4-dissertation.svg', alt: 'Late nights on the dissertation' },
        { file: 'y4-team-project.svg', alt: 'A team project meeting' },
      ],
      tldr: [
        'Dissertation: a recommender for practice questions from students’ past answers',
        'Result: graduated with an upper second-class degree (II.1)',
      ],
      details: [
        {
          title: 'BSc (Hons) Computer Science, fourth year',
          period: 'Sep 2022 – Jun 2023',
          contents: [
            'Dissertation in Java and Spring Boot with a React front end',
            'Human-computer interaction and distributed systems',
          ],
        },
      ],
      furtherInformation: [
        {
          title: 'Modules taken',
          contents: [
            'CS4099 Senior Honours Project',
            'CS4102 Computer Graphics',
            'CS4103 Distributed Systems',
            'CS4249 Human-Computer Interaction',
          ],
        },
        {
          title: 'Skills learned',
          contents: ['Spring Boot', 'React with hooks', 'Reading research papers quickly'],
        },
      ],
    },
    {
      label: 'Graduate of the university',
      extraLabel: "work for a car maker's Korean branch",
      period: 'Graduation, and a Car Maker’s Korean Branch',
      when: 'Jun 2023 – Oct 2023',
      photos: [
        { file: 'grad-ceremony.svg', alt: 'Caps in the air at graduation' },
        { file: 'grad-service-desk.svg', alt: 'A service request desk' },
      ],
      tldr: [
        'Graduation: BSc (Hons) Computer Science, upper second class (II.1), June 2023',
        'Work: first-level service request manager at a car maker’s Korean branch, July to October 2023',
      ],
      details: [
        {
          title: 'Graduation',
          period: 'Jun 2023',
          contents: ['BSc (Hons) Computer Science, II.1'],
        },
        {
          title: 'First-level service request manager',
          period: 'Jul 2023 – Oct 2023',
          contents: [
            'Sorted and answered staff requests about the branch’s internal systems',
            'Wrote scripts that filled in the most common requests’ forms',
          ],
        },
      ],
      furtherInformation: [
        {
          title: 'What the job added',
          contents: [
            'Service desks and their queues',
            'Explaining systems to people who only need them to work',
          ],
        },
      ],
    },
    {
      label: 'Contract ends at the car maker',
      period: 'Present',
      when: 'Oct 2023 – today',
      photos: [
        { file: 'present-portfolio.svg', alt: 'Building this portfolio' },
        { file: 'present-game-crew.svg', alt: 'Game controllers for the game crew' },
      ],
      tldr: [],
      details: [
        {
          title: 'Looking for a software engineering role',
          period: 'Oct 2023 – today',
          contents: [
            'Building this portfolio and the tutoring site behind it',
            'Making small games with a crew of friends',
            'Still tutoring, evenings and weekends',
          ],
        },
      ],
      furtherInformation: [],
    },
  ],
  projects: {
    title: 'Projects (Korean)',
    linkText: 'Click here',
    url: 'https://blog.example.com/minseo-park/projects',
    note: 'Write-ups of my projects, in Korean.',
  },
  previous: {
    greeting: 'Hello! My name is',
    portrait: { file: 'portrait.svg', alt: 'A drawn portrait of Minseo Park' },
    summary: [
      'I graduated from university in 2023 with an upper second-class degree (II.1) in Computer Science.',
      'My main languages are Java and JavaScript, and I build sites with React.',
    ],
    skills: [
      {
        title: 'React',
        badge: 'Re',
        colour: '#087ea4',
        description: 'Component-based pages with hooks, routing and data fetching.',
      },
      {
        title: 'JavaScript',
        badge: 'JS',
        colour: '#8a6d00',
        description: 'Modern JavaScript and TypeScript in the browser and on Node.js.',
      },
      {
        title: 'Spring Boot',
        badge: 'SB',
        colour: '#3d7a1f',
        description: 'REST APIs with Spring Boot, Spring Security and JPA.',
      },
      {
        title: 'Java',
        badge: 'Ja',
        colour: '#b0451b',
        description: 'Object-oriented design, collections, streams and tests with JUnit.',
      },
      {
        title: 'MariaDB',
        badge: 'DB',
        colour: '#7a4a2e',
        description: 'Schemas, indexes and queries that stay fast as the tables grow.',
      },
      {
        title: 'Node.js',
        badge: 'No',
        colour: '#2f6b2f',
        description: 'Servers and build tools in JavaScript.',
      },
    ],
  },
};
