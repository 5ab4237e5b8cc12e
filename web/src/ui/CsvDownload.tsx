import { useId, useState } from 'react';
import { API_BASE } from '../api/client.ts';
import styles from './CsvDownload.module.css';

type Words = { from: string; to: string; download: (from: string, to: string) => string };

/**
 * A CSV export's date range and its download: a plain `<a href download>`, so the browser fetches
 * and saves the file itself (the server streams it; no script holds it). Empty days are no bound.
 */
export function CsvDownload({
  path,
  params = {},
  words,
}: {
  /** The export's path under the API, e.g. `/export/submissions/kim`. */
  path: string;
  params?: Record<string, string>;
  words: Words;
}) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = new URLSearchParams({ ...params, ...(from && { from }), ...(to && { to }) });
  const search = query.toString();
  return (
    <div className={styles.csv}>
      <label htmlFor={`${id}from`}>{words.from}</label>
      <input
        id={`${id}from`}
        type="date"
        value={from}
        max={to || undefined}
        onChange={(e) => setFrom(e.target.value)}
      />
      <label htmlFor={`${id}to`}>{words.to}</label>
      <input
        id={`${id}to`}
        type="date"
        value={to}
        min={from || undefined}
        onChange={(e) => setTo(e.target.value)}
      />
      <a href={`${API_BASE}${path}${search && `?${search}`}`} download>
        {words.download(from, to)}
      </a>
    </div>
  );
}
