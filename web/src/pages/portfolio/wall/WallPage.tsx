import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { portfolioLimits } from '../../../../../common/limits.ts';
import { failureMessage } from '../../../api/failures.ts';
import { portfolioApi, portfolioKeys } from '../../../api/portfolio.ts';
import { dateFormat, useIntlLocale } from '../../../i18n/format.ts';
import { useTexts } from '../../../i18n/texts.ts';
import { AppProviders } from '../../../layout/AppProviders.tsx';
import { PageFooter } from '../../../layout/Pager.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { owner } from '../content/owner.ts';
import { useDocumentTitle } from '../motion.ts';
import { PortfolioNav } from '../PortfolioNav.tsx';
import styles from './wall.module.css';

const PAGE_SIZE = 10;
const SEOUL: Intl.DateTimeFormatOptions = { timeZone: 'Asia/Seoul', dateStyle: 'medium' };

function Wall() {
  const { wallTexts } = useTexts('portfolio');
  const locale = useIntlLocale();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [author, setAuthor] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  useDocumentTitle(`${wallTexts.title} · ${owner.siteTitle}`);
  const board = useQuery({
    queryKey: portfolioKeys.wall(page, PAGE_SIZE),
    queryFn: () => portfolioApi.wall(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const post = useMutation({
    mutationFn: () => portfolioApi.postToWall(author.trim(), message),
    onSuccess: () => {
      setMessage('');
      setProblem(null);
      showToast(wallTexts.posted(owner.shortName), 'success');
      return queryClient.invalidateQueries({ queryKey: portfolioKeys.wallAll });
    },
    onError: (error) => setProblem(failureMessage(error, { fallback: wallTexts.failure })),
  });
  useEffect(() => {
    if (board.error) {
      showToast(failureMessage(board.error, { fallback: wallTexts.failure }), 'error', 'wall-board');
    }
  }, [board.error, showToast, wallTexts.failure]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setProblem(wallTexts.emptyMessage);
      return;
    }
    post.mutate();
  };

  const posts = board.data?.content ?? [];
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{wallTexts.title}</h1>
        <p className={styles.subtitle}>{wallTexts.subtitle(owner.shortName)}</p>
      </header>

      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={wallTexts.yourName} hint={wallTexts.yourNameHint}>
          <input
            value={author}
            maxLength={portfolioLimits.wallAuthorMax}
            autoComplete="nickname"
            onChange={(event) => setAuthor(event.target.value)}
          />
        </Field>
        <Field
          label={wallTexts.message}
          hint={wallTexts.messageHint(owner.shortName)}
          error={problem}
          counter
        >
          <textarea
            value={message}
            rows={4}
            maxLength={portfolioLimits.wallMessageMax}
            required
            onChange={(event) => {
              setMessage(event.target.value);
              if (problem) setProblem(null);
            }}
          />
        </Field>
        <div>
          <Button type="submit" variant="primary" disabled={post.isPending}>
            {post.isPending ? wallTexts.posting : wallTexts.post}
          </Button>
        </div>
      </form>

      <section className={styles.board} aria-labelledby="wall-board">
        <h2 id="wall-board">{wallTexts.board}</h2>
        {board.isPending ? (
          <p role="status">{wallTexts.loading}</p>
        ) : posts.length === 0 ? (
          <p className={styles.empty}>{wallTexts.emptyBoard}</p>
        ) : (
          <ul className={styles.posts} aria-busy={board.isFetching}>
            {posts.map((item) => (
              <li key={item.id} className={styles.post}>
                {/* Visitors' words are text: React writes them as text, never as markup. */}
                <p className={styles.message}>{item.message}</p>
                <p className={styles.byline}>
                  <span className={styles.author}>{item.author}</span>
                  <time dateTime={item.createdDate}>
                    {dateFormat(locale, SEOUL).format(new Date(item.createdDate))}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        )}
        {(board.data?.totalPages ?? 0) > 1 && (
          <PageFooter page={page} totalPages={board.data?.totalPages ?? 1} onPage={setPage} />
        )}
      </section>
      <PortfolioNav current="/wall" />
    </main>
  );
}

/** `/wall` (spec 2 §2): visitors leave a message; the board shows the ones the owner approved. */
export function WallPage() {
  return (
    <AppProviders>
      <Wall />
    </AppProviders>
  );
}
