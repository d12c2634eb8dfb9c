import type { Database, Statement } from 'better-sqlite3';
import type {
  Notice,
  NoticeCategory,
  NoticePage,
  NoticeSave,
  NoticeStats,
} from '../../contract/notices';

interface NoticeRow {
  id: number;
  title: string;
  category: NoticeCategory;
  content: string;
  publisher: string;
  contact: string;
  email: string;
  published_at: number;
}

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    content: row.content,
    publisher: row.publisher,
    contact: row.contact,
    email: row.email,
    publishedAt: row.published_at,
  };
}

/** A LIKE pattern matching the text literally (%, _ and \\ escaped). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

interface Filter {
  unit: number;
  title: string;
  like: string;
  category: string;
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** The notices of a unit: every statement filters by the unit, so no unit sees another's. */
export class NoticesRepository {
  private readonly page: Statement<[Filter & { limit: number; offset: number }], NoticeRow>;
  private readonly count: Statement<[Filter], { total: number }>;
  private readonly insert: Statement<
    [number, string, string, string, string, string, string, number, number]
  >;
  private readonly update: Statement<
    [string, string, string, string, string, string, number, number]
  >;
  private readonly remove: Statement<[number, number]>;
  private readonly months: Statement<[number, number], { month: string; count: number }>;
  private readonly categories: Statement<[number], { category: NoticeCategory; count: number }>;

  constructor(db: Database) {
    const where = `unit_id = @unit AND (@title = '' OR title LIKE @like ESCAPE '\\')
      AND (@category = '' OR category = @category)`;
    this.page = db.prepare(
      `SELECT id, title, category, content, publisher, contact, email, published_at FROM notices
       WHERE ${where} ORDER BY published_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    );
    this.count = db.prepare(`SELECT COUNT(*) AS total FROM notices WHERE ${where}`);
    this.insert = db.prepare(
      `INSERT INTO notices (unit_id, title, category, content, publisher, contact, email, published_at, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.update = db.prepare(
      `UPDATE notices SET title = ?, category = ?, content = ?, publisher = ?, contact = ?, email = ?
       WHERE id = ? AND unit_id = ?`,
    );
    this.remove = db.prepare('DELETE FROM notices WHERE id = ? AND unit_id = ?');
    this.months = db.prepare(
      `SELECT strftime('%Y-%m', (published_at + ?) / 1000, 'unixepoch') AS month, COUNT(*) AS count
       FROM notices WHERE unit_id = ? GROUP BY month ORDER BY month`,
    );
    this.categories = db.prepare(
      `SELECT category, COUNT(*) AS count FROM notices WHERE unit_id = ?
       GROUP BY category ORDER BY category`,
    );
  }

  list(
    unitId: number,
    query: { start: number; size: number; title: string; category: string },
  ): NoticePage {
    const title = query.title.trim();
    const filter: Filter = {
      unit: unitId,
      title,
      like: containing(title),
      category: query.category,
    };
    const { total } = this.count.get(filter) ?? { total: 0 };
    const rows = this.page.all({
      ...filter,
      limit: query.size,
      offset: (query.start - 1) * query.size,
    });
    return { list: rows.map(toNotice), total };
  }

  create(unitId: number, userId: number, notice: NoticeSave, now: number): number {
    const result = this.insert.run(unitId, ...savedColumns(notice), now, userId);
    return Number(result.lastInsertRowid);
  }

  /** False when the unit has no such notice. */
  change(unitId: number, id: number, notice: NoticeSave): boolean {
    return this.update.run(...savedColumns(notice), id, unitId).changes > 0;
  }

  delete(unitId: number, id: number): boolean {
    return this.remove.run(id, unitId).changes > 0;
  }

  stats(unitId: number): NoticeStats {
    return {
      perMonth: this.months.all(CHINA_OFFSET_MS, unitId),
      perCategory: this.categories.all(unitId),
    };
  }
}

/** A saved notice's columns in the order of both statements: title to email, trimmed. */
function savedColumns(
  notice: NoticeSave,
): [
  title: string,
  category: string,
  content: string,
  publisher: string,
  contact: string,
  email: string,
] {
  return [
    notice.title.trim(),
    notice.category,
    notice.content,
    notice.publisher.trim(),
    notice.contact.trim(),
    (notice.email ?? '').trim(),
  ];
}
