import type { Sql } from './sql';

/**
 * The platform's synonyms for voice commands: words a user may say for an application besides
 * its names. Only applications that exist in a unit get them.
 */
export const SEED_VOCABULARY: Readonly<Record<string, readonly string[]>> = {
  tzgg: ['公告', '通知', '通告', 'announcements', 'notice board'],
  rcap: ['日历', '日曆', 'calendar'],
  wdwp: ['云盘', '雲盤', 'my files'],
  txl: ['电话本', '電話簿', 'address book', 'phone book'],
};

/** The synonyms of the unit's applications (server/db/seed-desktop.ts installs them). */
export async function seedVocabulary(sql: Sql, unitId: number): Promise<void> {
  const insert = `INSERT INTO app_vocabulary (unit_id, code, phrase)
     SELECT unit_id, code, ? FROM desktop_apps WHERE unit_id = ? AND code = ?
     ON CONFLICT DO NOTHING`;
  for (const [code, phrases] of Object.entries(SEED_VOCABULARY)) {
    for (const phrase of phrases) await sql.run(insert, [phrase.toLowerCase(), unitId, code]);
  }
}
