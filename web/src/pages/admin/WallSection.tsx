import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { WallState } from '../../../../common/contracts/portfolio.ts';
import { adminApi, adminKeys } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import styles from './AdminPage.module.css';
import { useAdminAction, useAdminFailure, useAdminTime } from './common.tsx';

type Filter = 'all' | WallState;
const FILTERS: Filter[] = ['pending', 'approved', 'hidden', 'all'];

/**
 * Wall (the /wall page's board): visitors' messages, newest first, by state; the admin chooses which
 * appear on the board (show / hide) and deletes the rest.
 */
export function WallSection() {
  const { adminTexts } = useTexts('admin');
  const shortTime = useAdminTime();
  const onFailure = useAdminFailure();
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const confirm = useConfirm();
  const { run, busy } = useAdminAction();
  const posts = useQuery({
    queryKey: adminKeys.wall(filter, page, size),
    queryFn: () => adminApi.wall(filter === 'all' ? null : filter, page, size),
    placeholderData: (previous) => previous,
  });
  useEffect(() => {
    if (posts.error) onFailure(posts.error);
  }, [posts.error, onFailure]);

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{adminTexts.wallIntro}</p>
      <div className={styles.toolbar}>
        <Field label={adminTexts.wallFilter}>
          <select
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as Filter);
              setPage(0);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {adminTexts.wallStates[f]}
              </option>
            ))}
          </select>
        </Field>
        <PageSizeSelect
          label={adminTexts.postsPerPage}
          size={size}
          onSize={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
      </div>
      {posts.isPending ? (
        <p role="status">{adminTexts.loading}</p>
      ) : (posts.data?.content ?? []).length === 0 ? (
        <p className={styles.muted}>{adminTexts.noPosts}</p>
      ) : (
        <ul className={styles.cards} aria-label={adminTexts.wall}>
          {posts.data!.content.map((post) => (
            <Card
              as="li"
              key={post.id}
              tone={post.state === 'approved' ? 'ok' : post.state === 'hidden' ? 'bad' : undefined}
              className={styles.post}
            >
              <p className={styles.postMeta}>
                {adminTexts.postBy(post.author, shortTime(post.createdDate))} ·{' '}
                {adminTexts.wallStates[post.state]}
              </p>
              {/* Shown as text, never as markup. */}
              <p className={styles.postMessage}>{post.message}</p>
              <div className={styles.inline}>
                {post.state !== 'approved' && (
                  <Button
                    size="sm"
                    variant="primary"
                    disabled={busy}
                    onClick={() =>
                      run(() => adminApi.moderate(post.id, 'approved'), {
                        success: () => adminTexts.postApproved,
                      })
                    }
                  >
                    {adminTexts.approve}
                  </Button>
                )}
                {post.state !== 'hidden' && (
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      run(() => adminApi.moderate(post.id, 'hidden'), {
                        success: () => adminTexts.postHidden,
                      })
                    }
                  >
                    {adminTexts.hide}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="danger"
                  disabled={busy}
                  onClick={async () => {
                    if (!(await confirm(adminTexts.confirmDeletePost(post.author)))) return;
                    await run(() => adminApi.deletePost(post.id), { success: () => adminTexts.postDeleted });
                  }}
                >
                  {adminTexts.deletePost}
                </Button>
              </div>
            </Card>
          ))}
        </ul>
      )}
      {posts.data && posts.data.totalPages > 1 && (
        <PageFooter page={page} totalPages={posts.data.totalPages} onPage={setPage} />
      )}
    </div>
  );
}
