import { stripTrailingPunctuation } from '../../contract/speech';
import { foldTraditional } from './traditional';

export { stripTrailingPunctuation };

/**
 * Matching a spoken command against the applications (find_by_vocabulary, docs/voice.md): the
 * text, its trailing punctuation and a leading verb removed (打开, 进入, open, go to...), must be
 * one of an application's names (Chinese, English, short names) or synonyms, case, width,
 * spacing and script aside (a zh-HK recogniser writes traditional characters: "打開通知" names
 * "通知公告"'s short name "通知"). Pure: the caller passes only the applications the user may open.
 */

export interface VoiceCandidate {
  code: string;
  /** Names and synonyms, any case. */
  phrases: readonly string[];
}

/** Verbs a command may begin with (longest first, so "go to" wins over "go"). */
const VERBS = [
  '请帮我打开',
  '請幫我打開',
  '帮我打开',
  '幫我打開',
  '请打开',
  '請打開',
  '打开',
  '打開',
  '进入',
  '進入',
  '去',
  'please open',
  'go to the',
  'go to',
  'open the',
  'open my',
  'open',
  'enter',
  'launch',
  'start',
  'show me the',
  'show me',
  'show',
];

/** Punctuation (ASCII and CJK) a recogniser may put at the end or around words. */
const PUNCTUATION = /[\s.,!?;:'"`~()[\]{}<>\-_/\\|。，、！？；：“”‘’（）《》【】…·]+/gu;
/**
 * Lower case, full-width folded (NFKC), traditional characters folded to simplified ones,
 * punctuation and spaces removed.
 */
export function normalise(text: string): string {
  return foldTraditional(text.normalize('NFKC').toLowerCase()).replace(PUNCTUATION, '');
}

const NORMALISED_VERBS = VERBS.map(normalise);

/** The command without its leading verb (or the command itself when it has none). */
export function withoutVerb(normalised: string): string[] {
  const forms = [normalised];
  for (const verb of NORMALISED_VERBS) {
    if (normalised.startsWith(verb) && normalised.length > verb.length) {
      forms.push(normalised.slice(verb.length));
    }
  }
  return forms;
}

/** The code of the first candidate (in the caller's order) a form of the command names. */
export function matchVocabulary(
  vocabulary: string,
  candidates: readonly VoiceCandidate[],
): string | null {
  const spoken = normalise(stripTrailingPunctuation(vocabulary));
  if (spoken === '') return null;
  const forms = new Set(withoutVerb(spoken));
  for (const candidate of candidates) {
    for (const phrase of candidate.phrases) {
      const name = normalise(phrase);
      if (name !== '' && forms.has(name)) return candidate.code;
    }
  }
  return null;
}
