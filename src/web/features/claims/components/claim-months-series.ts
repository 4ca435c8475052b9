import type { TFunction } from 'i18next';
import { TENANT_MONEY_LABELS } from '../../../../contract/claim-money.js';
import { labelIn, type Lang } from '../../../../contract/enums.js';

/** The claim's months chart: its size and its three stacked series (their words and colours). */
export const MONTHS_CHART = {
  /** At most this many months are drawn (a claim can span years); the statement has them all. */
  maxMonths: 24,
  /** Width of a month's bar and label: every bar keeps its label; a narrow screen scrolls the chart, not the page. */
  perMonth: 44,
  /** Height of the bars' drawing (the legend is the page's own, above it). */
  height: 280,
  /**
   * Width of the amounts' axis: the longest compact amount ("12,5 k €", "€12.5k", "999 k €") at the
   * ticks' 12 px, with MUI X's tick (6), gap (2) and padding (4). A fixed width, not `'auto'`: auto
   * measures the labels, and MUI X sets the font it measures with in a layout effect, so every chart
   * was drawn twice at mount, in the same task.
   */
  amountAxisWidth: 60,
} as const;

/**
 * The series in their stacking order, with MUI X's default palette (rainbowSurgePaletteLight) set
 * on them: the page draws the legend itself (it keeps its place while the bars load).
 */
export const MONTH_SERIES = [
  // all the tenant paid of the month (received at declaration and after), by the name the figures and the statement give it
  { key: 'tenantAmount', label: (_t: TFunction, lang: Lang) => labelIn(TENANT_MONEY_LABELS.paidByTenant, lang), color: '#4254FB' },
  { key: 'guarantorAmount', label: (t: TFunction) => t('workspace.totalGuarantor'), color: '#FFB422' },
  { key: 'amountDue', label: (t: TFunction) => t('workspace.totalOutstanding'), color: '#FA4F58' },
] as const;
