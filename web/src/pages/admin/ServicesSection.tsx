import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { StudentWithSubscriptions } from '../../../../common/contracts/admin.ts';
import { adminLimits } from '../../../../common/limits.ts';
import { adminApi, adminKeys, useAdminStudents } from '../../api/admin.ts';
import { useTexts } from '../../i18n/texts.ts';
import { PageFooter, PageSizeSelect } from '../../layout/Pager.tsx';
import { Button } from '../../ui/Button.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/Toast.tsx';
import styles from './AdminPage.module.css';
import { onEnter, useAdminAction, useAdminFailure } from './common.tsx';

/** Post Service: Enter (or Post) asks, then adds; a failure shows the error itself. */
export function PostService() {
  const { adminTexts } = useTexts('admin');
  const [name, setName] = useState('');
  const confirm = useConfirm();
  const { run, busy } = useAdminAction();
  const post = async () => {
    const trimmed = name.trim();
    if (!trimmed || busy) return;
    if (
      !(await confirm(
        <>
          {adminTexts.confirmService}
          <strong>{trimmed}</strong>
        </>,
      ))
    )
      return;
    const made = await run(() => adminApi.createService(trimmed), {
      // A failure shows the error itself: the server's words (a taken name is its 409).
      success: (service) => adminTexts.serviceAdded(service.name),
    });
    if (made) setName('');
  };
  return (
    <div className={styles.inline}>
      <Field label={adminTexts.serviceName} hint={adminTexts.serviceHint}>
        <input
          value={name}
          maxLength={adminLimits.serviceNameMax}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onEnter(post)}
        />
      </Field>
      <Button variant="primary" onClick={post} disabled={busy || !name.trim()}>
        {adminTexts.postServiceButton}
      </Button>
    </div>
  );
}

const MATRIX_SIZES = [10, 25, 50, 100] as const;

/**
 * The students × services matrix: each cell says whether the student is subscribed
 * (with a control that removes it); ticking students (rows) and services (columns) and Assign makes
 * one subscription per selected pair. Students are filtered by name and paged in the page, so a
 * school with many students stays quick to scan.
 */
export function ServicesMatrix() {
  const { adminTexts } = useTexts('admin');
  const onFailure = useAdminFailure();
  const services = useQuery({ queryKey: adminKeys.services, queryFn: adminApi.services });
  const students = useAdminStudents();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(MATRIX_SIZES[0]);
  const [pickedStudents, setPickedStudents] = useState<ReadonlySet<string>>(new Set());
  const [pickedServices, setPickedServices] = useState<ReadonlySet<string>>(new Set());
  const confirm = useConfirm();
  const { showToast } = useToast();
  const { run, busy } = useAdminAction();

  useEffect(() => {
    const error = services.error ?? students.error;
    if (error) onFailure(error);
  }, [services.error, students.error, onFailure]);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (students.data ?? []).filter((s) => s.name.toLowerCase().includes(needle));
  }, [students.data, filter]);
  const totalPages = Math.max(1, Math.ceil(shown.length / size));
  const current = Math.min(page, totalPages - 1);
  const rows = shown.slice(current * size, (current + 1) * size);

  if (services.isPending || students.isPending) return <p role="status">{adminTexts.loading}</p>;
  if (!services.data || !students.data) return null;
  const serviceNames = services.data;

  const toggle = (set: ReadonlySet<string>, value: string) => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };

  const assign = async () => {
    if (pickedStudents.size === 0 || pickedServices.size === 0) {
      showToast(adminTexts.nothingSelected);
      return;
    }
    if (!(await confirm(adminTexts.confirmAssign))) return;
    const pairs = [...pickedStudents].flatMap((studentName) =>
      [...pickedServices].map((serviceName) => ({ studentName, serviceName })),
    );
    const count = await run(() => adminApi.subscribe(pairs), {
      success: (made) => adminTexts.assigned(made),
      // 'There is an error' (a 400's own words name the unknown students or services).
      failure: { otherText: adminTexts.assignError },
    });
    if (count !== undefined) {
      setPickedStudents(new Set());
      setPickedServices(new Set());
    }
  };

  const remove = async (student: StudentWithSubscriptions, service: string) => {
    if (!(await confirm(adminTexts.confirmRemoveSubscription(student.name, service)))) return;
    await run(() => adminApi.unsubscribe(student.name, service), {
      success: () => adminTexts.subscriptionRemoved(student.name, service),
    });
  };

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Field label={adminTexts.filterStudents}>
          <input
            type="search"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(0);
            }}
          />
        </Field>
        <PageSizeSelect
          label={adminTexts.studentsPerPage}
          size={size}
          extraSizes={MATRIX_SIZES}
          onSize={(next) => {
            setSize(next);
            setPage(0);
          }}
        />
      </div>
      {students.data.length === 0 ? (
        <p className={styles.muted}>{adminTexts.noStudents}</p>
      ) : rows.length === 0 ? (
        <p className={styles.muted}>{adminTexts.noMatch}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.matrix}>
            <caption className={styles.caption}>{adminTexts.matrixCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{adminTexts.studentColumn}</th>
                {serviceNames.map((service) => (
                  <th scope="col" key={service}>
                    <label className={styles.pick}>
                      <input
                        type="checkbox"
                        checked={pickedServices.has(service)}
                        onChange={() => setPickedServices((set) => toggle(set, service))}
                        aria-label={adminTexts.selectService(service)}
                      />
                      <span>{service}</span>
                    </label>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((student) => {
                const subscribed = new Set(student.subscriptions.map((s) => s.service.name));
                return (
                  <tr key={student.id}>
                    <th scope="row">
                      <label className={styles.pick}>
                        <input
                          type="checkbox"
                          checked={pickedStudents.has(student.name)}
                          onChange={() => setPickedStudents((set) => toggle(set, student.name))}
                          aria-label={adminTexts.selectStudent(student.name)}
                        />
                        <span>{student.name}</span>
                      </label>
                    </th>
                    {serviceNames.map((service) => (
                      <td key={service}>
                        {subscribed.has(service) ? (
                          <span className={styles.cell}>
                            <span role="img" aria-label={adminTexts.subscribed(student.name, service)}>
                              ✓
                            </span>
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={adminTexts.removeSubscription(student.name, service)}
                              title={adminTexts.removeSubscription(student.name, service)}
                              disabled={busy}
                              onClick={() => remove(student, service)}
                            >
                              ×
                            </Button>
                          </span>
                        ) : (
                          <span className={styles.muted}>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">{adminTexts.notSubscribed}</span>
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 && <PageFooter page={current} totalPages={totalPages} onPage={setPage} />}
      <div className={styles.inline}>
        <Button variant="primary" onClick={assign} disabled={busy}>
          {adminTexts.assignServices}
        </Button>
        <span className={styles.muted} aria-live="polite">
          {adminTexts.selectedCount(pickedStudents.size, pickedServices.size)}
        </span>
      </div>
    </div>
  );
}
