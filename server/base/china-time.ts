/** China Standard Time: UTC+8 all year (no daylight saving), the platform's time zone. */
export const CHINA_OFFSET_MS = 8 * 3600 * 1000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'YYYY-MM-DD HH:mm:ss' in China time, the platform's date format on the wire. */
export function formatChinaTime(epochMs: number): string {
  const date = new Date(epochMs + CHINA_OFFSET_MS);
  return (
    `${String(date.getUTCFullYear())}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}
