/**
 * What echarts' theme files (UMD, `require('echarts/lib/echarts')`) are given instead of the
 * full echarts: registerTheme of echarts/core, the same registry the charts read.
 */
export { registerTheme } from 'echarts/core';
