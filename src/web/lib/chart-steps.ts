import { importSteps } from './next-task.js';

/**
 * What a chart's code needs before it, evaluated in a task of its own (issue 14): MUI X Charts and
 * what it is built on were one chunk, evaluated in one task of 80-120 ms with a phone's CPU (its
 * modules' top-level code: scales, stores, selectors, styled components). Import a chart after
 * this; once done, it is done (a failed download is tried again).
 */
export const chartSteps = importSteps(() => import('./chart-base.js'));
