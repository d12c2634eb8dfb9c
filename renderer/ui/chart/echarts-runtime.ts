/**
 * The part of Apache ECharts a chart needs, loaded on first use (a chunk of its own, never in
 * the initial bundle): echarts/core with the line, bar and pie charts, their components, the
 * canvas renderer and the four themes the echarts package ships (spec §9).
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// Each theme file registers itself on echarts/lib/echarts, which the build aliases to
// ./echarts-theme-host (echarts/core's registerTheme): no second, full copy of echarts.
import 'echarts/theme/infographic.js';
import 'echarts/theme/macarons.js';
import 'echarts/theme/roma.js';
import 'echarts/theme/shine.js';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
