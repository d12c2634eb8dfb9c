import { DESKTOP_APP_TYPE } from '../../contract/desktop-codes';
import { isMenuIcon, menuPageUrl, type PageDevice, type PageViewer } from '../apps/app-urls';
import type { AppsRepository } from '../base/apps-repository';
import type { Sql } from '../db/sql';
import type { VoiceCandidate } from './vocabulary';

export interface VoiceViewer extends PageViewer {
  userId: number;
  unitId: number;
}

export interface VoiceApp extends VoiceCandidate {
  url: string;
}

const SYNONYMS = 'SELECT code, phrase FROM app_vocabulary WHERE unit_id = ? ORDER BY code, phrase';

/** The applications a user may open by voice in their unit, with their names and synonyms. */
export class VoiceApps {
  constructor(
    private readonly sql: Sql,
    private readonly apps: AppsRepository,
  ) {}

  async list(viewer: VoiceViewer, device: PageDevice): Promise<VoiceApp[]> {
    const synonyms = new Map<string, string[]>();
    const rows = await this.sql.all<{ code: string; phrase: string }>(SYNONYMS, [viewer.unitId]);
    for (const row of rows) {
      const list = synonyms.get(row.code) ?? [];
      list.push(row.phrase);
      synonyms.set(row.code, list);
    }
    const seen = new Set<string>();
    const result: VoiceApp[] = [];
    const categories = await this.apps.categoriesFor(
      viewer.userId,
      viewer.userType,
      viewer.unitId,
      DESKTOP_APP_TYPE,
    );
    for (const app of categories.flatMap((category) => category.iconVMs)) {
      if (seen.has(app.code) || !isMenuIcon(app, viewer)) continue;
      seen.add(app.code);
      const url = menuPageUrl(app, viewer, device);
      if (url === null) continue;
      result.push({
        code: app.code,
        url,
        phrases: [
          app.zname,
          app.name,
          app.shortName,
          app.englishName,
          app.englishShortName,
          ...(synonyms.get(app.code) ?? []),
        ].filter((phrase) => phrase.trim() !== ''),
      });
    }
    return result;
  }
}
