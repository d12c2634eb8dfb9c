import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from './languages';

/**
 * The voice recorder's calls (spec §7 "Students and speech"): the speech token and the
 * vocabulary lookup. See docs/voice.md.
 */

/** GET /api/base/get_ali_token?language */
export const SpeechTokenQuerySchema = Type.Object({
  language: Type.Optional(Type.Union(LANGUAGES.map((lang) => Type.Literal(lang)))),
});
export type SpeechTokenQuery = Static<typeof SpeechTokenQuerySchema>;

/**
 * The speech token (spec: "data is a speech token"), with where to use it: the real-time speech
 * recognition gateway (`url`, the reference server's own or Alibaba Cloud's) and the project's
 * `appkey`. `expireTime` is in epoch seconds, as Alibaba Cloud's CreateToken answers it.
 */
export const SpeechTokenSchema = Type.Object({
  token: Type.String(),
  expireTime: Type.Integer(),
  url: Type.String(),
  appkey: Type.String(),
});
export type SpeechToken = Static<typeof SpeechTokenSchema>;

/** The longest vocabulary looked up (a spoken command, not a paragraph). */
export const VOCABULARY_MAX_LENGTH = 200;

/** POST /api/base/find_by_vocabulary */
export const VocabularyBodySchema = Type.Object(
  {
    vocabulary: Type.String({ maxLength: VOCABULARY_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type VocabularyBody = Static<typeof VocabularyBodySchema>;

/** data.url is the application page to open, null when nothing matched. */
export const VocabularyAnswerSchema = Type.Object({
  url: Type.Union([Type.String(), Type.Null()]),
  code: Type.Union([Type.String(), Type.Null()]),
});
export type VocabularyAnswer = Static<typeof VocabularyAnswerSchema>;

/** Punctuation a recogniser may end a sentence with (ASCII and CJK), and spaces. */
const TRAILING_PUNCTUATION = /[\s.,!?;:'"`~)\]}>。，、！？；：“”‘’）》】…·]+$/u;

/** The recognised text without its trailing punctuation (spec §4, before the lookup). */
export function stripTrailingPunctuation(text: string): string {
  return text.replace(TRAILING_PUNCTUATION, '');
}
