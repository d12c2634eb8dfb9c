/**
 * bench-report/index.html: every figure of every group of `npm run bench` with its
 * target and PASS/MISS (by how much, and where the time goes), and for uploads a bar chart of
 * throughput per lane, the CPU seconds each lane cost, and the time line of one upload (MD5,
 * checks, chunks, merge), drawn with echarts (its dist/echarts.min.js copied beside the page:
 * no network). Not committed (.gitignore).
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TimelineSpan } from './upload-lanes';

export interface ReportRow {
  group: string;
  name: string;
  value: string;
  target: string;
  pass: boolean;
  /** For a miss: by how much, and where the time goes. */
  detail: string;
}

export interface LaneFigures {
  id: string;
  label: string;
  /** Median MiB/s of the upload itself (the app: after its MD5). */
  throughput: number;
  /** Median seconds, and every round's. */
  seconds: number;
  rounds: number[];
  md5Seconds: number;
  serverCpu: number;
  browserCpu: number;
}

export interface UploadCharts {
  sizeMib: number;
  rounds: number;
  lanes: LaneFigures[];
  timelines: { label: string; spans: TimelineSpan[] }[];
}

export class BenchReport {
  readonly rows: ReportRow[] = [];
  upload: UploadCharts | null = null;
  readonly startedAt = new Date();

  add(row: ReportRow): void {
    this.rows.push(row);
  }

  /** Writes `dir`/index.html and echarts.min.js beside it; answers the page's path. */
  write(dir: string): string {
    mkdirSync(dir, { recursive: true });
    const require = createRequire(import.meta.url);
    const echarts = path.join(
      path.dirname(require.resolve('echarts/package.json')),
      'dist',
      'echarts.min.js',
    );
    copyFileSync(echarts, path.join(dir, 'echarts.min.js'));
    const file = path.join(dir, 'index.html');
    writeFileSync(file, renderReport(this));
    return file;
  }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** JSON safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

function renderRows(rows: ReportRow[]): string {
  const groups = [...new Set(rows.map((row) => row.group))];
  return groups
    .map((group) => {
      const body = rows
        .filter((row) => row.group === group)
        .map((row) => {
          const judged = row.target !== '' && row.target !== '(reported)';
          const verdict = !judged ? 'info' : row.pass ? 'pass' : 'miss';
          const label = verdict === 'info' ? '' : verdict === 'pass' ? 'PASS' : 'MISS';
          return `<tr class="${verdict}"><td class="verdict">${label}</td><td>${escapeHtml(row.name)}</td><td class="value">${escapeHtml(row.value)}</td><td>${escapeHtml(row.target)}</td><td class="detail">${escapeHtml(row.detail)}</td></tr>`;
        })
        .join('\n');
      const misses = rows.filter(
        (row) =>
          row.group === group && !row.pass && row.target !== '' && row.target !== '(reported)',
      ).length;
      return `<section><h2>${escapeHtml(group)} <span class="count ${misses > 0 ? 'miss' : 'pass'}">${misses > 0 ? `${String(misses)} missed` : 'all met'}</span></h2>
<table><thead><tr><th></th><th>figure</th><th>measured</th><th>target</th><th>by how much / where the time goes</th></tr></thead><tbody>
${body}
</tbody></table></section>`;
    })
    .join('\n');
}

const CHART_SCRIPT = String.raw`
const data = JSON.parse(document.getElementById('upload-data').textContent);
if (data) {
  const lanes = data.lanes;
  const bars = echarts.init(document.getElementById('throughput'));
  bars.setOption({
    animation: false,
    title: { text: 'Throughput per lane, MiB/s (median of ' + data.rounds + ' rounds, ' + data.sizeMib + ' MiB; the app after its MD5)', textStyle: { fontSize: 14 } },
    grid: { left: 300, right: 80, top: 40, bottom: 30 },
    xAxis: { type: 'value', name: 'MiB/s' },
    yAxis: { type: 'category', inverse: true, data: lanes.map((l) => l.label) },
    series: [{
      type: 'bar',
      data: lanes.map((l) => ({ value: Math.round(l.throughput), itemStyle: { color: l.id.startsWith('app') ? '#457CD6' : l.id === 'curl' ? '#bbb' : '#8a8f98' } })),
      label: { show: true, position: 'right' },
    }],
  });
  const cpu = echarts.init(document.getElementById('cpu'));
  cpu.setOption({
    animation: false,
    title: { text: 'CPU seconds per upload (median): where the time goes', textStyle: { fontSize: 14 } },
    legend: { top: 30 },
    grid: { left: 300, right: 80, top: 70, bottom: 30 },
    xAxis: { type: 'value', name: 's' },
    yAxis: { type: 'category', inverse: true, data: lanes.map((l) => l.label) },
    series: [
      { name: 'browser processes', type: 'bar', stack: 'cpu', data: lanes.map((l) => +l.browserCpu.toFixed(2)), itemStyle: { color: '#49C1D9' } },
      { name: 'server process', type: 'bar', stack: 'cpu', data: lanes.map((l) => +l.serverCpu.toFixed(2)), itemStyle: { color: '#e31d1a' } },
      { name: 'wall time', type: 'scatter', data: lanes.map((l) => +l.seconds.toFixed(2)), symbol: 'diamond', symbolSize: 12, itemStyle: { color: '#222' } },
    ],
  });
  const colours = { md5: '#4DB021', 'file check': '#A9947F', 'chunk check': '#F5A623', chunk: '#457CD6', merge: '#e31d1a', single: '#3ABAE8' };
  data.timelines.forEach((timeline, index) => {
    // Spans of one kind that overlap go on rows of their own (a lane each).
    const ends = {};
    const placed = timeline.spans.slice().sort((a, b) => a.start - b.start).map((span) => {
      ends[span.kind] = ends[span.kind] || [];
      let lane = ends[span.kind].findIndex((end) => end <= span.start);
      if (lane < 0) { lane = ends[span.kind].length; ends[span.kind].push(0); }
      ends[span.kind][lane] = span.end;
      return { span, lane };
    });
    const spans = placed.map(({ span, lane }) => ({ span, row: span.kind + (ends[span.kind].length > 1 ? ' ' + (lane + 1) : '') }));
    const rows = [...new Set(spans.map(({ row }) => row))];
    const order = ['md5', 'file check', 'chunk check', 'chunk', 'merge', 'single'];
    rows.sort((a, b) => order.indexOf(a.replace(/ \d+$/, '')) - order.indexOf(b.replace(/ \d+$/, '')) || a.localeCompare(b, 'en', { numeric: true }));
    const element = document.createElement('div');
    element.className = 'chart timeline';
    element.style.height = (90 + rows.length * 26) + 'px';
    document.getElementById('timelines').appendChild(element);
    const chart = echarts.init(element);
    chart.setOption({
      animation: false,
      title: { text: 'One upload: ' + timeline.label, textStyle: { fontSize: 14 } },
      tooltip: { formatter: (p) => p.value[3] + ': ' + p.value[1].toFixed(3) + ' s → ' + p.value[2].toFixed(3) + ' s (' + ((p.value[2] - p.value[1]) * 1000).toFixed(0) + ' ms)' },
      grid: { left: 120, right: 40, top: 40, bottom: 40 },
      xAxis: { type: 'value', name: 's from the MD5 start', nameLocation: 'middle', nameGap: 26 },
      yAxis: { type: 'category', inverse: true, data: rows },
      series: [{
        type: 'custom',
        encode: { x: [1, 2], y: 0 },
        data: spans.map(({ span, row }) => ({ value: [rows.indexOf(row), span.start, span.end, span.kind], itemStyle: { color: colours[span.kind] } })),
        renderItem: (params, api) => {
          const start = api.coord([api.value(1), api.value(0)]);
          const end = api.coord([api.value(2), api.value(0)]);
          const height = api.size([0, 1])[1] * 0.7;
          return { type: 'rect', shape: { x: start[0], y: start[1] - height / 2, width: Math.max(1, end[0] - start[0]), height }, style: api.style() };
        },
      }],
    });
  });
}
`;

export function renderReport(report: BenchReport): string {
  const judged = report.rows.filter((row) => row.target !== '' && row.target !== '(reported)');
  const missed = judged.filter((row) => !row.pass).length;
  const upload = report.upload;
  const uploadSection = upload
    ? `<section><h2>Uploads against their peers</h2>
<p>The same file of random bytes (${String(upload.sizeMib)} MiB, in the page cache), the same Chromium and the same server process for every lane; lanes run in a new order each round; the figures are medians of ${String(upload.rounds)} rounds.</p>
<div id="throughput" class="chart" style="height:${String(80 + upload.lanes.length * 40)}px"></div>
<div id="cpu" class="chart" style="height:${String(100 + upload.lanes.length * 40)}px"></div>
<table><thead><tr><th>lane</th><th>median s</th><th>rounds, s</th><th>of which MD5, s</th><th>MiB/s</th><th>browser CPU s</th><th>server CPU s</th></tr></thead><tbody>
${upload.lanes
  .map(
    (lane) =>
      `<tr><td>${escapeHtml(lane.label)}</td><td class="value">${lane.seconds.toFixed(2)}</td><td class="value">${lane.rounds.map((s) => s.toFixed(2)).join(' · ')}</td><td class="value">${lane.md5Seconds > 0 ? lane.md5Seconds.toFixed(2) : ''}</td><td class="value">${lane.throughput.toFixed(0)}</td><td class="value">${lane.browserCpu.toFixed(2)}</td><td class="value">${lane.serverCpu.toFixed(2)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>
<div id="timelines"></div>
</section>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>EduDesk bench report</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px auto; max-width: 1280px; padding: 0 16px; color: #222; }
h1 { font-size: 22px; margin-bottom: 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; }
.summary { font-size: 15px; }
.count { font-size: 12px; font-weight: normal; padding: 2px 8px; border-radius: 10px; margin-left: 8px; }
.count.pass { background: #e3f4dd; color: #26701a; } .count.miss { background: #fde2e1; color: #a3120f; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
th { font-weight: 600; background: #f6f7f9; }
td.value { font-variant-numeric: tabular-nums; white-space: nowrap; }
td.verdict { width: 44px; font-weight: 700; font-size: 12px; }
tr.pass td.verdict { color: #26701a; } tr.miss td.verdict { color: #a3120f; } tr.miss { background: #fff5f5; }
td.detail { color: #555; font-size: 13px; }
.chart { width: 100%; margin: 16px 0; }
</style>
<script src="echarts.min.js"></script>
</head><body>
<h1>EduDesk bench report</h1>
<p class="summary">${report.startedAt.toISOString()} · ${String(judged.length - missed)} of ${String(judged.length)} targets met${missed > 0 ? `, <strong>${String(missed)} missed</strong>` : ''}. Targets are ratios against baselines measured in the same run (docs/testing.md explains how to read this page).</p>
${uploadSection}
${renderRows(report.rows)}
<script type="application/json" id="upload-data">${scriptJson(upload)}</script>
<script>${CHART_SCRIPT}</script>
</body></html>
`;
}
