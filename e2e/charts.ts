import { expect, type Locator } from '@playwright/test';

/**
 * Waits until a chart (web/src/ui/charts/) has drawn: its canvas holds a good number of painted
 * pixels, not a blank box. `chart` is the canvas, e.g. `page.locator('canvas[data-chart="pie"]')`.
 */
export async function expectChartDrawn(chart: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        chart.evaluate((element) => {
          const canvas = element as HTMLCanvasElement;
          const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < (pixels?.length ?? 0); i += 4) if (pixels![i] !== 0) painted++;
          return painted;
        }),
      { timeout: 10_000, message: 'the chart draws on its canvas' },
    )
    .toBeGreaterThan(500);
}
