import type { Sql } from '../db/sql';
import { NOTICE_CATEGORIES } from '../../contract/notices';
import { BUREAU_UNIT_ID, SCHOOL_UNIT_ID } from '../db/seed-data';

/** Notices seeded for the demo school: enough for many pages at every page size. */
export const SEED_NOTICE_COUNT = 2040;

const SUBJECTS = [
  '关于寒假安全教育的告家长书',
  '期末考试安排',
  '春季运动会报名',
  '教师培训通知',
  '家长会时间调整',
  '图书馆开放时间',
  '校园消防演练',
  '课后服务安排',
  '流感预防提示',
  '研学活动报名',
] as const;

const DAY_MS = 86_400_000;

/**
 * Deterministic notices (no randomness: the same seed on every machine), one every ~8.6 hours
 * back from `now`, so the statistics cover about two years of months.
 */
export async function seedNotices(sql: Sql, now: number): Promise<void> {
  const insert = `INSERT INTO notices (unit_id, title, category, content, publisher, contact, email, published_at, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  for (let index = 0; index < SEED_NOTICE_COUNT; index += 1) {
    const subject = SUBJECTS[index % SUBJECTS.length] ?? SUBJECTS[0];
    const category = NOTICE_CATEGORIES[(index * 7) % NOTICE_CATEGORIES.length] ?? 'school';
    const number = SEED_NOTICE_COUNT - index;
    await sql.run(insert, [
      SCHOOL_UNIT_ID,
      `${subject}（第${String(number)}号）`,
      category,
      `各位老师、家长：\n${subject}，请相互转告并按时参加。\n（第${String(number)}号通知）`,
      index % 3 === 0 ? '教务处' : index % 3 === 1 ? '德育处' : '校长办公室',
      '010-6275 1234',
      'office@school.edu.cn',
      now - Math.round(index * DAY_MS * 0.36),
      null,
    ]);
  }
  // Another unit's notices: never in the school's list (tenancy).
  for (let index = 0; index < 5; index += 1) {
    await sql.run(insert, [
      BUREAU_UNIT_ID,
      `教育局工作通知（第${String(index + 1)}号）`,
      'school',
      '教育局内部通知。',
      '教育局办公室',
      '',
      '',
      now - index * DAY_MS,
      null,
    ]);
  }
}
