import {
  ArcElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartType,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  RadarController,
  RadialLinearScale,
  ScatterController,
  Tooltip,
} from 'chart.js';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTexts } from '../../i18n/texts.ts';
import styles from './charts.module.css';
import {
  type AxisTitles,
  chartColours,
  lineOptions,
  pieOptions,
  radarOptions,
  scatterOptions,
} from './options.ts';

// Only the four kinds of chart the app draws (Chart.js is tree-shaken to what is registered).
Chart.register(
  PieController,
  ArcElement,
  RadarController,
  RadialLinearScale,
  LineController,
  LineElement,
  PointElement,
  Filler,
  ScatterController,
  LinearScale,
  CategoryScale,
  Tooltip,
  Legend,
);

/**
 * One chart: a canvas drawn by Chart.js, and its text alternative — a table with the same numbers,
 * visually hidden, which screen readers read after the picture's name. The chart is made again when
 * its data change and destroyed with the component.
 */
function CanvasChart<T extends ChartType>({
  kind,
  title,
  config,
  table,
  wide,
}: {
  kind: T;
  title: string;
  config: ChartConfiguration<T>;
  table: ReactNode;
  wide?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const captionId = useId();
  const data = JSON.stringify(config.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `data` stands for the config's content.
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, config);
    return () => chart.destroy();
  }, [data]);
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.caption}>
        {title}
      </figcaption>
      <div className={wide ? styles.wide : styles.square}>
        <canvas ref={canvas} data-chart={kind} role="img" aria-label={`${title}: the numbers follow`} />
      </div>
      {/* The box, not the table, is hidden: a table is never narrower than its cells. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          {table}
        </table>
      </div>
    </figure>
  );
}

/** In place of a chart with nothing to draw: its title and a sentence saying so. */
function NoChart({ title, empty }: { title: string; empty: string }) {
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <p className={styles.empty}>{empty}</p>
    </figure>
  );
}

const percentOf = (part: number, whole: number) =>
  whole > 0 ? `${((100 * part) / whole).toFixed(2)}%` : '—';

export type Slice = { label: string; value: number; colour: string };

/** A pie of shares; nothing to share shows `empty` instead. */
export function PieChart({ title, slices, empty }: { title: string; slices: Slice[]; empty: string }) {
  const { chartTexts: t } = useTexts('insight');
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  if (total === 0) return <NoChart title={title} empty={empty} />;
  return (
    <CanvasChart
      kind="pie"
      title={title}
      config={{
        type: 'pie',
        data: {
          labels: slices.map((s) => s.label),
          datasets: [{ data: slices.map((s) => s.value), backgroundColor: slices.map((s) => s.colour) }],
        },
        options: pieOptions(),
      }}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t.share}</th>
              <th scope="col">{t.count}</th>
              <th scope="col">{t.percent}</th>
            </tr>
          </thead>
          <tbody>
            {slices.map((s) => (
              <tr key={s.label}>
                <th scope="row">{s.label}</th>
                <td>{s.value}</td>
                <td>{percentOf(s.value, total)}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

/**
 * Correct against wrong answers as a pie: the larger share in
 * its colour (green when correct answers lead, red when wrong ones do), the smaller in grey.
 */
export function ScorePie({
  title,
  correct,
  wrong,
  empty,
}: {
  title: string;
  correct: number;
  wrong: number;
  empty?: string;
}) {
  const { chartTexts: t } = useTexts('insight');
  return (
    <PieChart
      title={title}
      empty={empty ?? t.noAnswers}
      slices={scoreSlices(correct, wrong, chartColours(), t)}
    />
  );
}

/** ScorePie's slices: the leading share in its colour, the other grey (a tie counts as correct leading). */
export function scoreSlices(
  correct: number,
  wrong: number,
  colours: Pick<ReturnType<typeof chartColours>, 'ok' | 'bad' | 'muted'>,
  words: { correct: string; wrong: string } = { correct: 'Correct', wrong: 'Wrong' },
): Slice[] {
  const correctLeads = correct >= wrong;
  return [
    { label: words.correct, value: correct, colour: correctLeads ? colours.ok : colours.muted },
    { label: words.wrong, value: wrong, colour: correctLeads ? colours.muted : colours.bad },
  ];
}

/** A radar of percentages (0–100) by axis, with 5 rings. */
export function RadarChart({
  title,
  axes,
  seriesLabel,
  empty,
}: {
  title: string;
  axes: { label: string; value: number }[];
  seriesLabel: string;
  empty: string;
}) {
  const { chartTexts: t } = useTexts('insight');
  if (axes.length === 0) return <NoChart title={title} empty={empty} />;
  const colours = chartColours();
  return (
    <CanvasChart
      kind="radar"
      title={title}
      config={{
        type: 'radar',
        data: {
          labels: axes.map((a) => a.label),
          datasets: [
            {
              label: seriesLabel,
              data: axes.map((a) => a.value),
              borderColor: colours.primary,
              backgroundColor: `${colours.primary}33`,
              fill: true,
            },
          ],
        },
        options: radarOptions(),
      }}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t.axis}</th>
              <th scope="col">{seriesLabel}</th>
            </tr>
          </thead>
          <tbody>
            {axes.map((a) => (
              <tr key={a.label}>
                <th scope="row">{a.label}</th>
                <td>{`${a.value.toFixed(2)}%`}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

/** Points `{x, y, title}`; the tooltip and the table name each point. */
export function ScatterChart({
  title,
  points,
  seriesLabel,
  axes = {},
}: {
  title: string;
  points: { x: number; y: number; title: string }[];
  seriesLabel: string;
  axes?: AxisTitles;
}) {
  const { chartTexts: t } = useTexts('insight');
  const colours = chartColours();
  const options = scatterOptions(axes);
  return (
    <CanvasChart
      kind="scatter"
      title={title}
      wide
      config={{
        type: 'scatter',
        data: { datasets: [{ label: seriesLabel, data: points, backgroundColor: colours.primary }] },
        options: {
          ...options,
          plugins: {
            ...options.plugins,
            tooltip: {
              callbacks: {
                label: (item) => {
                  const point = points[item.dataIndex];
                  return point ? `${point.title}: (${point.x}, ${point.y})` : '';
                },
              },
            },
          },
        },
      }}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{t.point}</th>
              <th scope="col">{axes.x ?? 'x'}</th>
              <th scope="col">{axes.y ?? 'y'}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, index) => (
              // Points may repeat; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index}>
                <th scope="row">{p.title}</th>
                <td>{p.x}</td>
                <td>{p.y}</td>
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}

export type LineSeries = { label: string; values: number[]; colour: string };

/** Lines over named points (days); a point answers the pointer within 8 px. */
export function LineChart({
  title,
  labels,
  series,
  axes = {},
  empty,
}: {
  title: string;
  labels: string[];
  series: LineSeries[];
  axes?: AxisTitles;
  empty: string;
}) {
  const { chartTexts: t } = useTexts('insight');
  if (labels.length === 0) return <NoChart title={title} empty={empty} />;
  return (
    <CanvasChart
      kind="line"
      title={title}
      wide
      config={{
        type: 'line',
        data: {
          labels,
          datasets: series.map((s) => ({
            label: s.label,
            data: s.values,
            borderColor: s.colour,
            backgroundColor: s.colour,
          })),
        },
        options: lineOptions(axes),
      }}
      table={
        <>
          <thead>
            <tr>
              <th scope="col">{axes.x ?? t.point}</th>
              {series.map((s) => (
                <th scope="col" key={s.label}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, index) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[index]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </>
      }
    />
  );
}
