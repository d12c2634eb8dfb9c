import type { Database, Statement } from 'better-sqlite3';
import type { ApplicationItem } from '../../contract/desktop';
import {
  DESKTOP_APP_TYPE,
  HIDDEN_UPDATE_STATUS,
  SCHOOL_ONLY_APP_CODES,
  SCHOOL_UNIT_TYPE,
} from '../../contract/desktop-codes';
import { appPageUrl, idPathFor, rootFor, type PageDevice } from '../apps/app-urls';
import type { AppsRepository } from '../base/apps-repository';
import type { VoiceCandidate } from './vocabulary';

/** Codes the desktop does not open by navigation (spec §2: single sign-on, no action). */
const NOT_NAVIGATED: ReadonlySet<string> = new Set(['haikang', 'ysy', 'ykt']);
const SAFE = /^[A-Za-z0-9_-]+$/;
/** A same-origin page path of safe segments, as the desktop accepts a menu route naming one. */
const PAGE_ROUTE = /^(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+\.html([?#].*)?$/;

export interface VoiceViewer {
  userId: number;
  userType: number;
  unitId: number;
  unitType: number;
}

export interface VoiceApp extends VoiceCandidate {
  url: string;
}

function typesOf(list: string): string[] {
  return list
    .split(/[,\s;|]+/)
    .map((type) => type.trim())
    .filter(Boolean);
}

/** Whether the desktop shows the icon (spec §3, §6), as renderer/features/menu does. */
function isVisible(app: ApplicationItem, viewer: VoiceViewer): boolean {
  if (app.updateStatus === HIDDEN_UPDATE_STATUS) return false;
  if (
    String(viewer.unitType) !== SCHOOL_UNIT_TYPE &&
    (SCHOOL_ONLY_APP_CODES as readonly string[]).includes(app.code)
  ) {
    return false;
  }
  const limit = typesOf(app.limitUserType);
  return limit.length === 0 || limit.includes(String(viewer.userType));
}

/**
 * The page the desktop opens for an application (spec §2 application pages, the rules of
 * renderer/core/app-url): null when a click would not navigate (single sign-on, no action, an
 * http route opening another site) or is refused (a tm page for user types 1 and 3).
 */
export function voiceUrl(
  app: ApplicationItem,
  viewer: VoiceViewer,
  device: PageDevice,
): string | null {
  if (!SAFE.test(app.code) || NOT_NAVIGATED.has(app.code)) return null;
  const route = app.menuRoute.trim();
  if (/^https?:\/\//i.test(route)) return null;
  const root = app.deployPath.trim().replace(/^\/+|\/+$/g, '') || rootFor(viewer.unitType);
  const serverId = app.serverId.trim().replace(/^\/+|\/+$/g, '');
  if (!root.split('/').every((segment) => SAFE.test(segment)) || !SAFE.test(serverId)) return null;
  const namesPage = PAGE_ROUTE.test(route);
  const page = namesPage
    ? route
    : appPageUrl({
        root,
        serverId,
        code: app.code,
        idPath: idPathFor(viewer.userType, app.frontUserType),
        device,
      });
  const spm = viewer.userType === 1 || viewer.userType === 3;
  if (spm && new RegExp(`_${app.code}_tm\\b`).test(page)) return null;
  if (namesPage) return page;
  return route.startsWith('/') ? `${page}#${route}` : page;
}

/** The applications a user may open by voice in their unit, with their names and synonyms. */
export class VoiceApps {
  private readonly synonyms: Statement<[number], { code: string; phrase: string }>;

  constructor(
    db: Database,
    private readonly apps: AppsRepository,
  ) {
    this.synonyms = db.prepare(
      'SELECT code, phrase FROM app_vocabulary WHERE unit_id = ? ORDER BY code, phrase',
    );
  }

  list(viewer: VoiceViewer, device: PageDevice): VoiceApp[] {
    const synonyms = new Map<string, string[]>();
    for (const row of this.synonyms.all(viewer.unitId)) {
      const list = synonyms.get(row.code) ?? [];
      list.push(row.phrase);
      synonyms.set(row.code, list);
    }
    const seen = new Set<string>();
    const result: VoiceApp[] = [];
    const categories = this.apps.categoriesFor(
      viewer.userId,
      viewer.userType,
      viewer.unitId,
      DESKTOP_APP_TYPE,
    );
    for (const app of categories.flatMap((category) => category.iconVMs)) {
      if (seen.has(app.code) || !isVisible(app, viewer)) continue;
      seen.add(app.code);
      const url = voiceUrl(app, viewer, device);
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
