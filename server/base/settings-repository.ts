import type { MessageConfig } from '../../contract/desktop';
import type { Sql } from '../db/sql';

interface UnitSettingsRow {
  theme: string | null;
  is_vocational: number;
  have_institute: number;
  help_key: string;
}

interface UserSettingsRow {
  theme: string | null;
  message_config: string | null;
}

/** What a user without a stored configuration gets: the messages dialog opens by itself. */
const DEFAULT_MESSAGE_CONFIG: MessageConfig = { pcOpen: true };

const USER_ROW = 'SELECT theme, message_config FROM user_desktop_settings WHERE user_id = ?';
const UNIT_ROW = `SELECT theme, is_vocational, have_institute, help_key
  FROM unit_desktop_settings WHERE unit_id = ?`;
const UPSERT_USER_THEME = `INSERT INTO user_desktop_settings (user_id, theme) VALUES (?, ?)
  ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme`;
const UPSERT_UNIT_THEME = `INSERT INTO unit_desktop_settings (unit_id, theme) VALUES (?, ?)
  ON CONFLICT (unit_id) DO UPDATE SET theme = excluded.theme`;
const CLEAR_UNIT_USER_THEMES = `UPDATE user_desktop_settings SET theme = NULL
  WHERE user_id IN (SELECT id FROM users WHERE unit_id = ?)`;

/** Per-user and per-unit desktop settings: themes, message configuration, unit flags. */
export class DesktopSettingsRepository {
  constructor(private readonly sql: Sql) {}

  /** The user's own theme, else the unit's, else '' (the client's default). */
  async themeFor(userId: number, unitId: number): Promise<string> {
    const own = (await this.sql.get<UserSettingsRow>(USER_ROW, [userId]))?.theme;
    if (own !== undefined && own !== null) return own;
    return (await this.sql.get<UnitSettingsRow>(UNIT_ROW, [unitId]))?.theme ?? '';
  }

  async saveUserTheme(userId: number, theme: string): Promise<void> {
    await this.sql.run(UPSERT_USER_THEME, [userId, theme]);
  }

  /** "Sync theme": the unit's theme becomes everyone's, so the users' own themes are cleared. */
  async syncUnitTheme(unitId: number, theme: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(UPSERT_UNIT_THEME, [unitId, theme]);
      await tx.run(CLEAR_UNIT_USER_THEMES, [unitId]);
    });
  }

  async messageConfig(userId: number): Promise<MessageConfig> {
    const stored = (await this.sql.get<UserSettingsRow>(USER_ROW, [userId]))?.message_config;
    if (stored === undefined || stored === null) return DEFAULT_MESSAGE_CONFIG;
    try {
      const parsed = JSON.parse(stored) as Partial<MessageConfig>;
      return { pcOpen: parsed.pcOpen ?? DEFAULT_MESSAGE_CONFIG.pcOpen };
    } catch {
      return DEFAULT_MESSAGE_CONFIG;
    }
  }

  async unitFlags(
    unitId: number,
  ): Promise<{ isVocational: boolean; haveInstitute: boolean; helpKey: string }> {
    const row = await this.sql.get<UnitSettingsRow>(UNIT_ROW, [unitId]);
    return {
      isVocational: row?.is_vocational === 1,
      haveInstitute: row?.have_institute === 1,
      helpKey: row?.help_key ?? '',
    };
  }
}
