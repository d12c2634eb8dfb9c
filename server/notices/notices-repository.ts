import type {
  Notice,
  NoticeCategory,
  NoticePage,
  NoticeSave,
  NoticeStats,
} from '../../contract/notices';
import type { Sql, SqlDialect } from '../db/sql';

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

/**
 * The filter of a list: the unit, and the title's text and the category when given. The title
 * matches case-insensitively: SQLite's LIKE ignores ASCII case, PostgreSQL's ILIKE any case.
 */
function whereOf(dialect: SqlDialect): string {
  const like = dialect === 'postgres' ? 'ILIKE' : 'LIKE';
  return `unit_id = @unit AND (CAST(@title AS TEXT) = '' OR title ${like} @like ESCAPE '\\')
    AND (CAST(@category AS TEXT) = '' OR category = @category)`;
}

function pageOf(dialect: SqlDialect): string {
  return `SELECT id, title, category, content, publisher, contact, email, published_at
    FROM notices WHERE ${whereOf(dialect)}
    ORDER BY published_at DESC, id DESC LIMIT @limit OFFSET @offset`;
}

function countOf(dialect: SqlDialect): string {
  return `SELECT COUNT(*) AS total FROM notices WHERE ${whereOf(dialect)}`;
}

const INSERT = `INSERT INTO notices (unit_id, title, category, content, publisher, contact, email,
    published_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`;
const UPDATE = `UPDATE notices SET title = ?, category = ?, content = ?, publisher = ?, contact = ?,
    email = ? WHERE id = ? AND unit_id = ?`;
const REMOVE = 'DELETE FROM notices WHERE id = ? AND unit_id = ?';
const CATEGORIES = `SELECT category, COUNT(*) AS count FROM notices WHERE unit_id = ?
  GROUP BY category ORDER BY category`;

/** The notices per month ('YYYY-MM' of the time shifted by the first parameter), per engine. */
function monthsOf(dialect: SqlDialect): string {
  const month =
    dialect === 'postgres'
      ? `to_char(to_timestamp((published_at + ?) / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM')`
      : `strftime('%Y-%m', (published_at + ?) / 1000, 'unixepoch')`;
  return `SELECT ${month} AS month, COUNT(*) AS count
    FROM notices WHERE unit_id = ? GROUP BY month ORDER BY month`;
}

/** The notices of a unit: every statement filters by the unit, so no unit sees another's. */
export class NoticesRepository {
  private readonly page: string;
  private readonly count: string;
  private readonly months: string;

  constructor(private readonly sql: Sql) {
    this.page = pageOf(sql.dialect);
    this.count = countOf(sql.dialect);
    this.months = monthsOf(sql.dialect);
  }

  async list(
    unitId: number,
    query: { start: number; size: number; title: string; category: string },
  ): Promise<NoticePage> {
    const title = query.title.trim();
    const filter: Filter = {
      unit: unitId,
      title,
      like: containing(title),
      category: query.category,
    };
    const { total } = (await this.sql.get<{ total: number }>(this.count, { ...filter })) ?? {
      total: 0,
    };
    const rows = await this.sql.all<NoticeRow>(this.page, {
      ...filter,
      limit: query.size,
      offset: (query.start - 1) * query.size,
    });
    return { list: rows.map(toNotice), total };
  }

  async create(unitId: number, userId: number, notice: NoticeSave, now: number): Promise<number> {
    const row = await this.sql.get<{ id: number }>(INSERT, [
      unitId,
      ...savedColumns(notice),
      now,
      userId,
    ]);
    if (!row) throw new Error('INSERT … RETURNING id returned no row');
    return row.id;
  }

  /** False when the unit has no such notice. */
  async change(unitId: number, id: number, notice: NoticeSave): Promise<boolean> {
    return (await this.sql.run(UPDATE, [...savedColumns(notice), id, unitId])).changes > 0;
  }

  async delete(unitId: number, id: number): Promise<boolean> {
    return (await this.sql.run(REMOVE, [id, unitId])).changes > 0;
  }

  async stats(unitId: number): Promise<NoticeStats> {
    return {
      perMonth: await this.sql.all<{ month: string; count: number }>(this.months, [
        CHINA_OFFSET_MS,
        unitId,
      ]),
      perCategory: await this.sql.all<{ category: NoticeCategory; count: number }>(CATEGORIES, [
        unitId,
      ]),
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
