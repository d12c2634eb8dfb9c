/**
 * The notice application (通知公告, code tzgg) of the reference server: a platform application
 * built on PH (docs/ph.md). Paged with start and size (spec §3 page API config defaults).
 */
export const NOTICE_API = {
  list: '/api/tzgg/notice/list',
  stats: '/api/tzgg/notice/stats',
  save: '/api/tzgg/notice/save',
  remove: '/api/tzgg/notice/delete',
} as const;

/** The notice application's permission codes (its menu tree, server/db/seed-desktop-data.ts). */
export const NOTICE_CODES = {
  list: 'tzgg_list',
  publish: 'tzgg_publish',
  remove: 'tzgg_delete',
} as const;

export const NOTICE_CATEGORIES = ['school', 'teaching', 'safety', 'activity', 'family'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
