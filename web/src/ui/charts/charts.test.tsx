import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../i18n/language.ts';
import { LineChart, PieChart, RadarChart, ScatterChart, ScorePie, scoreSlices } from './charts.tsx';
import {
  chartRules,
  lineOptions,
  pieOptions,
  prefersReducedMotion,
  radarOptions,
  scatterOptions,
} from './options.ts';

// jsdom draws nothing (no 2D context): the charts render their figure and table and skip Chart.js.
// That they really draw is shown in the browser (e2e/insight.spec.ts).
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => vi.restoreAllMocks());

describe('chart options', () => {
  it('animate for 1.2 s, and not at all under prefers-reduced-motion', () => {
    for (const options of [
      pieOptions,
      radarOptions,
      (reduced: boolean) => scatterOptions({}, reduced),
      (reduced: boolean) => lineOptions({}, reduced),
    ]) {
      expect(options(false).animation).toEqual({ duration: 1200 });
      expect(options(true).animation).toBe(false);
    }
  });

  it('follow the system setting for reduced motion', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    vi.stubGlobal('matchMedia', matchMedia);
    expect(prefersReducedMotion()).toBe(true);
    expect(pieOptions().animation).toBe(false);
    vi.unstubAllGlobals();
  });

  it('show at most 10 ticks on every cartesian axis', () => {
    const line = lineOptions({ x: 'Day', y: 'Answers', counts: true }, false);
    const scatter = scatterOptions({}, false);
    for (const scales of [line.scales, scatter.scales]) {
      expect(scales.x.ticks.maxTicksLimit).toBe(10);
      expect(scales.y.ticks.maxTicksLimit).toBe(10);
    }
    expect(line.scales.y.ticks).toMatchObject({ precision: 0 });
    expect(line.scales.x.title).toEqual({ display: true, text: 'Day' });
  });

  it('give the radar 5 rings from 0 to 100 %', () => {
    const { r } = radarOptions(false).scales;
    expect((r.max - r.min) / r.ticks.stepSize).toBe(chartRules.radarRings);
    expect(r.ticks.callback(40)).toBe('40%');
  });

  it('let a line point answer the pointer within 8 px', () => {
    const line = lineOptions({}, false);
    expect(line.elements.point.radius + line.elements.point.hitRadius).toBe(8);
    expect(line.interaction).toEqual({ mode: 'nearest', intersect: true });
  });
});

describe('chart components', () => {
  it('draw a pie on a canvas with a visually hidden table of the same numbers', () => {
    render(
      <PieChart
        title="Latest day"
        empty="Nothing yet."
        slices={[
          { label: 'Correct', value: 3, colour: 'green' },
          { label: 'Wrong', value: 1, colour: 'red' },
        ]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Latest day' });
    const canvas = within(figure).getByRole('img', { name: 'Latest day: the numbers follow' });
    expect(canvas.dataset.chart).toBe('pie');
    const table = within(figure).getByRole('table', { name: 'Latest day' });
    expect(table.parentElement?.className).toBe('visually-hidden');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['ShareCountPercent', 'Correct375.00%', 'Wrong125.00%']);
  });

  it('say there is nothing to draw instead of drawing an empty chart', () => {
    render(
      <PieChart
        title="Latest day"
        empty="No answers yet."
        slices={[{ label: 'Correct', value: 0, colour: 'green' }]}
      />,
    );
    expect(screen.getByText('No answers yet.')).toBeDefined();
    expect(document.querySelector('canvas')).toBeNull();
  });

  it('colour the leading share of a score pie and grey the other', () => {
    const colours = { ok: 'green', bad: 'red', muted: 'grey' };
    expect(scoreSlices(5, 2, colours).map((s) => s.colour)).toEqual(['green', 'grey']);
    expect(scoreSlices(1, 4, colours).map((s) => s.colour)).toEqual(['grey', 'red']);
  });

  it('give the radar, scatter and line charts their tables', () => {
    render(
      <>
        <RadarChart
          title="Topics"
          seriesLabel="Correct"
          empty="None"
          axes={[
            { label: 'loops', value: 50 },
            { label: 'arrays', value: 100 / 3 },
          ]}
        />
        <ScatterChart
          title="Points"
          seriesLabel="Runs"
          axes={{ x: 'Minutes', y: 'Score' }}
          points={[{ x: 3, y: 9, title: 'first run' }]}
        />
        <LineChart
          title="Days"
          labels={['2026-03-09', '2026-03-10']}
          series={[
            { label: 'Correct', values: [2, 4], colour: 'green' },
            { label: 'Wrong', values: [1, 0], colour: 'red' },
          ]}
          axes={{ x: 'Day' }}
          empty="None"
        />
      </>,
    );
    const rows = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => row.textContent);
    expect(rows('Topics')).toEqual(['AxisCorrect', 'loops50.00%', 'arrays33.33%']);
    expect(rows('Points')).toEqual(['PointMinutesScore', 'first run39']);
    expect(rows('Days')).toEqual(['DayCorrectWrong', '2026-03-0921', '2026-03-1040']);
    for (const kind of ['radar', 'scatter', 'line'])
      expect(document.querySelector(`canvas[data-chart="${kind}"]`)).not.toBeNull();
  });
});

describe('in Korean', () => {
  afterEach(() => showLanguage('en'));

  it("a score pie's table and slices, and an empty chart, in Korean", async () => {
    await showLanguage('ko');
    const { container } = render(<ScorePie title="최근 제출" correct={3} wrong={1} />);
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      '구분',
      '개수',
      '비율',
    ]);
    expect([...container.querySelectorAll('tbody th')].map((th) => th.textContent)).toEqual(['정답', '오답']);
    render(<ScorePie title="빈 차트" correct={0} wrong={0} />);
    expect(screen.getByText('아직 답이 없습니다.')).toBeTruthy();
  });
});
