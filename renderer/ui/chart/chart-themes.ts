/** The chart themes of spec §9, shipped by the echarts package. */
export const CHART_THEMES = ['infographic', 'macarons', 'roma', 'shine'] as const;
export type ChartTheme = (typeof CHART_THEMES)[number];

/**
 * The spec's "default version 4.0.5" is the ECharts version the original loaded from a CDN; the
 * kit bundles the echarts package of this project instead (see docs/ph.md), whose option format
 * is compatible for the line, bar and pie charts.
 */
export const SPEC_CHARTS_DEFAULT_VERSION = '4.0.5';

export function isChartTheme(value: unknown): value is ChartTheme {
  return typeof value === 'string' && (CHART_THEMES as readonly string[]).includes(value);
}
