import type { ChartOptions } from 'chart.js';

/**
 * The charts' constants (docs/architecture.md, "Charts") and the options every chart is drawn
 * with. Pure functions of their inputs, so the rules are tested without a canvas (options.test.ts);
 * the components in this folder pass their results to Chart.js.
 */
export const chartRules = {
  /** Every chart animates for 1.2 s, and not at all when the user asks for reduced motion. */
  animationMs: 1200,
  /** Axis steps are chosen so that an axis shows at most 10 ticks. */
  maxTicks: 10,
  /** The radar's grid has 5 rings (0–100 % in steps of 20). */
  radarRings: 5,
  /** A line chart's point answers the pointer within 8 px of its centre (radius + hit radius). */
  lineHoverPx: 8,
  linePointRadius: 3,
} as const;

/** True when the user asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** The app's colours (CSS variables of index.html) for a canvas, which cannot read `var(…)`. */
export function chartColours(): { ok: string; bad: string; muted: string; primary: string; grid: string } {
  const styles = typeof document === 'undefined' ? null : getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => styles?.getPropertyValue(name).trim() || fallback;
  return {
    ok: read('--color-ok', '#1b7f3b'),
    bad: read('--color-bad', '#b42318'),
    muted: read('--color-border', '#d5dbe3'),
    primary: read('--color-primary', '#1f4e8c'),
    grid: read('--color-border', '#d5dbe3'),
  };
}

/** What every chart shares: responsive, animated as the rules say, legend at the bottom. */
function common(reducedMotion: boolean) {
  return {
    responsive: true,
    maintainAspectRatio: true,
    animation: reducedMotion ? (false as const) : { duration: chartRules.animationMs },
    plugins: { legend: { position: 'bottom' as const } },
  };
}

export type AxisTitles = { x?: string; y?: string; counts?: boolean };

/** A value axis from zero with at most 10 ticks (whole numbers when the values count things). */
const valueAxis = (title: string | undefined, counts = false) => ({
  beginAtZero: true,
  title: { display: Boolean(title), text: title ?? '' },
  ticks: { maxTicksLimit: chartRules.maxTicks, ...(counts ? { precision: 0 } : {}) },
});

export function pieOptions(reducedMotion = prefersReducedMotion()) {
  return common(reducedMotion) satisfies ChartOptions<'pie'>;
}

/** Percentages on 5 rings (0, 20, … 100 %). */
export function radarOptions(reducedMotion = prefersReducedMotion()) {
  return {
    ...common(reducedMotion),
    scales: {
      r: {
        min: 0,
        max: 100,
        ticks: { stepSize: 100 / chartRules.radarRings, callback: (value: number | string) => `${value}%` },
      },
    },
  } satisfies ChartOptions<'radar'>;
}

export function scatterOptions(axes: AxisTitles = {}, reducedMotion = prefersReducedMotion()) {
  return {
    ...common(reducedMotion),
    scales: { x: valueAxis(axes.x), y: valueAxis(axes.y, axes.counts) },
  } satisfies ChartOptions<'scatter'>;
}

/** Lines over named points (days): at most 10 names written, points answering within 8 px. */
export function lineOptions(axes: AxisTitles = {}, reducedMotion = prefersReducedMotion()) {
  return {
    ...common(reducedMotion),
    scales: {
      x: {
        title: { display: Boolean(axes.x), text: axes.x ?? '' },
        ticks: { maxTicksLimit: chartRules.maxTicks },
      },
      y: valueAxis(axes.y, axes.counts),
    },
    interaction: { mode: 'nearest' as const, intersect: true },
    elements: {
      point: {
        radius: chartRules.linePointRadius,
        hoverRadius: chartRules.linePointRadius + 2,
        hitRadius: chartRules.lineHoverPx - chartRules.linePointRadius,
      },
    },
  } satisfies ChartOptions<'line'>;
}
