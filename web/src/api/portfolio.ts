import type { Page } from '../../../common/contracts/paging.ts';
import type { WallPost, WallPostForModeration } from '../../../common/contracts/portfolio.ts';
import { portfolioLimits } from '../../../common/limits.ts';
import type { StopwatchRecord, StopwatchType } from '../../../common/portfolio/stopwatch.ts';
import { apiJson } from './client.ts';

/** What the stopwatch page sends; the server records its own time. */
export type StopwatchEvent = {
  name: string;
  type: StopwatchType;
  elapsedTime: number;
  relatedID: number | null;
};

export const portfolioApi = {
  /** `GET stopwatch?page&size=10&sort=id,desc`: everyone's history, newest first. */
  stopwatchHistory: (page: number) =>
    apiJson<Page<StopwatchRecord>>('stopwatch', {
      query: { page, size: portfolioLimits.stopwatchPageSize, sort: 'id,desc' },
    }),
  /** Answers the new record's id (a start's id names its run). */
  recordStopwatch: (event: StopwatchEvent) =>
    apiJson<number>('stopwatch', {
      method: 'POST',
      body: { ...event, generatedDate: new Date().toISOString() },
    }),
  wall: (page: number, size: number) =>
    apiJson<Page<WallPost>>('wall', { query: { page, size, sort: 'id,desc' } }),
  postToWall: (author: string, message: string) =>
    apiJson<WallPostForModeration>('wall', { method: 'POST', body: { author, message } }),
};

export const portfolioKeys = {
  stopwatch: (page: number) => ['stopwatch', page] as const,
  stopwatchAll: ['stopwatch'] as const,
  wall: (page: number, size: number) => ['wall', page, size] as const,
  wallAll: ['wall'] as const,
};
