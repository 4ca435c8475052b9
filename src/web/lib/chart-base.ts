/**
 * A way into what MUI X Charts is built on (its vendored d3, its gestures and stores: a chunk of
 * its own, vite.config.ts), so that chart-steps.ts evaluates it in a task of its own before the
 * charts. (MUI X Charts' own copy of d3, the one its charts import.)
 */
export { scaleBand } from '@mui/x-charts-vendor/d3-scale';
