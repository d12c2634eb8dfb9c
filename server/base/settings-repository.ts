import type { Database, Statement } from 'better-sqlite3';
import type { MessageConfig } from '../../contract/desktop';

interface UnitSettingsRow {
  theme: string | null;
  is_vocational: number;
  have_institute: number;
  help_key: string;
}

/** What a user without a stored configuration gets: the messages dialog opens by itself. */
const DEFAULT_MESSAGE_CONFIG: MessageConfig = { pcOpen: true };

/** Per-user and per-unit desktop settings: themes, message configuration, unit flags. */
export class DesktopSettingsRepository {
  private readonly userRow: Statement<
    [number],
    { theme: string | null; message_config: string | null }
  >;
  private readonly unitRow: Statement<[number], UnitSettingsRow>;
  private readonly upsertUserTheme: Statement<[number, string]>;
  private readonly upsertUnitTheme: Statement<[number, string]>;
  private readonly clearUnitUserThemes: Statement<[number]>;

  constructor(private readonly db: Database) {
    this.userRow = db.prepare(
      'SELECT theme, message_config FROM user_desktop_settings WHERE user_id = ?',
    );
    this.unitRow = db.prepare(
      `SELECT theme, is_vocational, have_institute, help_key
       FROM unit_desktop_settings WHERE unit_id = ?`,
    );
    this.upsertUserTheme = db.prepare(
      `INSERT INTO user_desktop_settings (user_id, theme) VALUES (?, ?)
       ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme`,
    );
    this.upsertUnitTheme = db.prepare(
      `INSERT INTO unit_desktop_settings (unit_id, theme) VALUES (?, ?)
       ON CONFLICT (unit_id) DO UPDATE SET theme = excluded.theme`,
    );
    this.clearUnitUserThemes = db.prepare(
      `UPDATE user_desktop_settings SET theme = NULL
       WHERE user_id IN (SELECT id FROM users WHERE unit_id = ?)`,
    );
  }

  /** The user's own theme, else the unit's, else '' (the client's default). */
  themeFor(userId: number, unitId: number): string {
    return this.userRow.get(userId)?.theme ?? this.unitRow.get(unitId)?.theme ?? '';
  }

  saveUserTheme(userId: number, theme: string): void {
    this.upsertUserTheme.run(userId, theme);
  }

  /** "Sync theme": the unit's theme becomes everyone's, so the users' own themes are cleared. */
  syncUnitTheme(unitId: number, theme: string): void {
    this.db.transaction(() => {
      this.upsertUnitTheme.run(unitId, theme);
      this.clearUnitUserThemes.run(unitId);
    })();
  }

  messageConfig(userId: number): MessageConfig {
    const stored = this.userRow.get(userId)?.message_config;
    if (stored === undefined || stored === null) return DEFAULT_MESSAGE_CONFIG;
    try {
      const parsed = JSON.parse(stored) as Partial<MessageConfig>;
      return { pcOpen: parsed.pcOpen ?? DEFAULT_MESSAGE_CONFIG.pcOpen };
    } catch {
      return DEFAULT_MESSAGE_CONFIG;
    }
  }

  unitFlags(unitId: number): { isVocational: boolean; haveInstitute: boolean; helpKey: string } {
    const row = this.unitRow.get(unitId);
    return {
      isVocational: row?.is_vocational === 1,
      haveInstitute: row?.have_institute === 1,
      helpKey: row?.help_key ?? '',
    };
  }
}
