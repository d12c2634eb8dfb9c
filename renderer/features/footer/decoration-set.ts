import type { FilingEntry, UnitLoginConfig } from '../../../contract/auth';
import { isJsonObject, type JsonObject } from '../../../contract/deep-merge';

/** The parts of a unit's login config the footer shows, parsed defensively. */
export interface FooterModel {
  show: boolean;
  copyright: string;
  footerText: string;
  footerLink: string;
  filings: FilingEntry[];
  helpCenter: boolean;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Parses decorationSet (a JSON string, spec §3); malformed input gives null, never a throw. */
export function parseDecorationSet(raw: unknown): JsonObject | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isJsonObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function filingEntries(list: unknown): FilingEntry[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isJsonObject).map((entry) => ({
    baUrl: str(entry.baUrl),
    baImg: str(entry.baImg),
    baContent: str(entry.baContent),
    showImg: entry.showImg === true,
  }));
}

export function footerModel(config: UnitLoginConfig | null): FooterModel {
  const decoration = parseDecorationSet(config?.decorationSet);
  const footerMsg: Record<string, unknown> = isJsonObject(decoration?.footerMsg)
    ? decoration.footerMsg
    : {};
  let filings = footerMsg.showBaMsg === false ? [] : filingEntries(footerMsg.baList);
  // Units configured before decorationSet carry one filing entry at the top level.
  if (filings.length === 0 && footerMsg.showBaMsg !== false && config && config.baContent !== '') {
    filings = [
      {
        baUrl: config.baUrl,
        baImg: config.baImg,
        baContent: config.baContent,
        showImg: config.baImg !== '',
      },
    ];
  }
  return {
    show: footerMsg.show !== false,
    copyright: str(footerMsg.copyright),
    footerText: config?.footer ?? '',
    footerLink: config?.link ?? '',
    filings,
    helpCenter: (footerMsg.helpCenter ?? config?.helpCenter) === true,
  };
}

/**
 * A unit text in the page's language: bilingual texts (`中文|||English`) are split by the
 * caller; a single-language text naming the unit (a copyright, '© 2026 阳光实验小学') names it by
 * its English name in English, when the unit has one (spec §2: the English name when the
 * language is English).
 */
export function unitNameInLanguage(
  text: string,
  config: Pick<UnitLoginConfig, 'unitName' | 'unitEnName'> | null,
  lang: string,
): string {
  if (lang !== 'en' || !config) return text;
  const chinese = config.unitName.trim();
  const english = config.unitEnName.trim();
  if (chinese === '' || english === '') return text;
  return text.split(chinese).join(english);
}
