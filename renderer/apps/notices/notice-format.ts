import { NOTICE_CATEGORIES } from '../../../contract/notice-api';

/** A time as the list's tooltip and the detail show it: 2026-03-01 08:30, local time. */
export function dateText(time: number): string {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The categories as select options, in the active language. */
export function categoryOptions(t: (key: string) => string) {
  return NOTICE_CATEGORIES.map((value) => ({ value, label: t(`notices.categories.${value}`) }));
}
