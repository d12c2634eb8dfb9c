import type { ApplicationItem } from '../../../contract/desktop';

/**
 * Finding an application by typing: its Chinese name, short name, English name and
 * short name, and (once the pinyin dictionary has loaded) the pinyin of its Chinese names, whole
 * ("tongzhi") or by initials ("tz"). Pure; the pinyin reading is passed in.
 */
export interface PinyinReading {
  /** Syllables without tones, e.g. ["tong", "zhi", "gong", "gao"]. */
  syllables: readonly string[];
}

export type ReadPinyin = (text: string) => PinyinReading;

export interface SearchEntry {
  app: ApplicationItem;
  /** Names as typed, lower-cased, spaces removed. */
  names: string[];
  /** Pinyin spellings: whole ("tongzhigonggao") and initials ("tzgg"), per Chinese name. */
  spellings: string[];
}

/** The most results a search lists. */
export const SEARCH_MAX_RESULTS = 8;

export function normalise(text: string): string {
  return text.toLowerCase().replace(/[\s·・\-_]+/g, '');
}

const HAN = /\p{Script=Han}/u;

export function buildSearchIndex(
  apps: readonly ApplicationItem[],
  readPinyin: ReadPinyin | null,
  /** The names as the page shows them, when they differ (zh-HK: Traditional characters). */
  shownNames: (app: ApplicationItem) => readonly string[] = () => [],
): SearchEntry[] {
  return apps.map((app) => {
    const chinese = [app.zname, app.name, app.shortName].filter((name) => name !== '');
    const all = [...chinese, app.englishName, app.englishShortName, ...shownNames(app)];
    const names = [...new Set(all)].map(normalise).filter((name) => name !== '');
    const spellings = new Set<string>();
    if (readPinyin !== null) {
      for (const name of chinese) {
        if (!HAN.test(name)) continue;
        const { syllables } = readPinyin(name);
        const letters = syllables.map((syllable) => normalise(syllable)).filter(Boolean);
        spellings.add(letters.join(''));
        spellings.add(letters.map((syllable) => syllable.charAt(0)).join(''));
      }
    }
    return { app, names, spellings: [...spellings].filter((spelling) => spelling !== '') };
  });
}

/** How well an entry matches: lower is better; null is no match. */
export function matchRank(entry: SearchEntry, query: string): number | null {
  const wanted = normalise(query);
  if (wanted === '') return null;
  let best: number | null = null;
  const consider = (rank: number) => {
    if (best === null || rank < best) best = rank;
  };
  for (const name of entry.names) {
    if (name === wanted) consider(0);
    else if (name.startsWith(wanted)) consider(1);
    else if (name.includes(wanted)) consider(3);
  }
  for (const spelling of entry.spellings) {
    if (spelling === wanted) consider(0);
    else if (spelling.startsWith(wanted)) consider(2);
    else if (spelling.includes(wanted)) consider(4);
  }
  return best;
}

/** The entries matching `query`, best first, in menu order among equals; at most `limit`. */
export function searchApps(
  index: readonly SearchEntry[],
  query: string,
  limit = SEARCH_MAX_RESULTS,
): ApplicationItem[] {
  const ranked: { rank: number; order: number; app: ApplicationItem }[] = [];
  index.forEach((entry, order) => {
    const rank = matchRank(entry, query);
    if (rank !== null) ranked.push({ rank, order, app: entry.app });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((item) => item.app);
}

/** Whether typing this needs the pinyin dictionary: Latin letters that may spell Chinese. */
export function wantsPinyin(query: string): boolean {
  return /[a-z]/i.test(query);
}
