import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartTheme } from './chart-themes';

/** The few calls of an echarts instance the component makes. */
export interface ChartInstance {
  setOption: (option: object, notMerge?: boolean) => void;
  resize: () => void;
  dispose: () => void;
}

export interface ChartRuntime {
  init: (element: HTMLElement, theme?: string) => ChartInstance;
}

/** Loads echarts on first use (its own chunk). */
export async function loadEcharts(): Promise<ChartRuntime> {
  const { echarts } = await import('./echarts-runtime');
  return {
    init: (element, theme) => echarts.init(element, theme),
  };
}

let runtime: Promise<ChartRuntime> | null = null;
function sharedRuntime(): Promise<ChartRuntime> {
  runtime ??= loadEcharts().catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

export interface ChartProps {
  /** An ECharts option (series, axes, …). */
  option: object;
  /** One of infographic, macarons, roma, shine; echarts' own look when not given. */
  theme?: ChartTheme;
  height?: number | string;
  /** The chart's accessible name (a canvas says nothing by itself). */
  label: string;
  /** For tests: how echarts is loaded. */
  load?: () => Promise<ChartRuntime>;
}

/**
 * A chart (spec §1, §9): Apache ECharts through echarts/core, loaded on first use; re-created
 * when the theme changes, resized with its container, disposed on unmount.
 */
export function Chart({ option, theme, height = 320, label, load = sharedRuntime }: ChartProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement | null>(null);
  const instance = useRef<ChartInstance | null>(null);
  const wanted = theme ?? 'default';
  // What the chart shows for which theme; a theme not yet drawn is loading.
  const [drawn, setDrawn] = useState<{ theme: string; status: 'ready' | 'failed' } | null>(null);
  const state = drawn?.theme === wanted ? drawn.status : 'loading';
  const optionRef = useRef(option);

  useEffect(() => {
    optionRef.current = option;
    instance.current?.setOption(option, true);
  }, [option]);

  useEffect(() => {
    let active = true;
    let observer: ResizeObserver | null = null;
    load()
      .then((echarts) => {
        const target = element.current;
        if (!active || !target) return;
        const chart = echarts.init(target, theme);
        instance.current = chart;
        chart.setOption(optionRef.current, true);
        observer = new ResizeObserver(() => {
          chart.resize();
        });
        observer.observe(target);
        setDrawn({ theme: theme ?? 'default', status: 'ready' });
      })
      .catch(() => {
        if (active) setDrawn({ theme: theme ?? 'default', status: 'failed' });
      });
    return () => {
      active = false;
      observer?.disconnect();
      instance.current?.dispose();
      instance.current = null;
    };
  }, [theme, load]);

  return (
    <div className="ph-chart" style={{ position: 'relative' }}>
      <div
        ref={element}
        role="img"
        aria-label={label}
        data-chart-theme={theme ?? 'default'}
        data-chart-state={state}
        style={{ width: '100%', height }}
      />
      {state === 'loading' && (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Spin description={t('ui.kit.chart.loading')} />
        </div>
      )}
      {state === 'failed' && (
        <p
          role="alert"
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            margin: 0,
          }}
        >
          {t('ui.kit.chart.failed')}
        </p>
      )}
    </div>
  );
}
