import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { failureTexts } from '../../../../common/messages.ts';
import { userKeys, usersApi } from '../../api/users.ts';
import { ownHomePage, useApiFailure } from '../../layout/useApiFailure.ts';
import styles from './UserPage.module.css';

const DEFAULT_AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dfe6ef"/><circle cx="32" cy="25" r="12" fill="#8a9bb0"/><path d="M10 58c3-13 12-19 22-19s19 6 22 19z" fill="#8a9bb0"/></svg>',
  );

/** /user/{name}: the person's profile card (spec 1 §2 "Student dashboard"). */
export function UserPage() {
  const { name = '' } = useParams();
  const onFailure = useApiFailure({ otherText: failureTexts.serverIssueDots });
  const user = useQuery({ queryKey: userKeys.user(name), queryFn: () => usersApi.user(name), retry: false });

  useEffect(() => {
    // A student or parent refused someone else's dashboard goes to their own page (spec 1 §8).
    if (user.error) onFailure(user.error, { forbiddenTo: ownHomePage });
  }, [user.error, onFailure]);

  if (user.isPending) return <p role="status">Loading…</p>;
  if (!user.data) return <p>{failureTexts.serverIssueDots}</p>;
  const person = user.data;
  return (
    <section className={styles.card} aria-labelledby="profile-name">
      <img className={styles.avatar} src={person.imageURL || DEFAULT_AVATAR} alt="" width={96} height={96} />
      <div className={styles.details}>
        <h1 id="profile-name" className={styles.name}>
          {person.username}
        </h1>
        <p className={styles.email}>{person.email}</p>
        <ul className={styles.roles} aria-label="Roles">
          {person.role.split(',').map((role) => (
            <li key={role} className={styles.role}>
              {role.toLowerCase()}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
