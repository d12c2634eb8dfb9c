import { NOTICE_API } from '../../../contract/notice-api';
import type { NoticeStats } from '../../../contract/notices';
import { Card, Flex, PH, Segmented, useMemo, useRef, useState } from './ph';

const { Chart, constants } = PH.ui;

type ChartTheme = (typeof constants.CHART_THEMES)[number];

/** The statistics: notices per month (bars) and per category (a ring), in a chosen chart theme. */
export function StatsView() {
  const t = PH.hooks.useT();
  const [theme, setTheme] = useState<ChartTheme>('macarons');
  const [stats, setStats] = useState<NoticeStats | null>(null);
  // The statistics are asked for once, on the first render.
  const requestRef = useRef<Promise<void> | null>(null);
  requestRef.current ??= PH.request.get<NoticeStats>(NOTICE_API.stats).then((answer) => {
    setStats(answer.data);
  });
  const perMonth = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: stats?.perMonth.map((entry) => entry.month) ?? [] },
      yAxis: { type: 'value' },
      series: [
        {
          type: 'bar',
          name: t('notices.perMonth'),
          data: stats?.perMonth.map((entry) => entry.count) ?? [],
        },
      ],
    }),
    [stats, t],
  );
  const perCategory = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '65%'],
          name: t('notices.perCategory'),
          data:
            stats?.perCategory.map((entry) => ({
              name: t(`notices.categories.${entry.category}`),
              value: entry.count,
            })) ?? [],
        },
      ],
    }),
    [stats, t],
  );
  return (
    <section aria-label={t('notices.stats')}>
      <Flex gap={8} align="center" wrap>
        <span id="chart-theme-label">{t('notices.chartTheme')}</span>
        <Segmented
          aria-labelledby="chart-theme-label"
          options={constants.CHART_THEMES.map((value) => ({
            value,
            label: t(`notices.chartThemes.${value}`),
          }))}
          value={theme}
          onChange={(value: unknown) => {
            if (constants.CHART_THEMES.includes(value as ChartTheme)) setTheme(value as ChartTheme);
          }}
        />
      </Flex>
      <div className="notices-charts">
        <Card title={t('notices.perMonth')}>
          <Chart option={perMonth} theme={theme} label={t('notices.perMonth')} height={320} />
        </Card>
        <Card title={t('notices.perCategory')}>
          <Chart option={perCategory} theme={theme} label={t('notices.perCategory')} height={320} />
        </Card>
      </div>
    </section>
  );
}
