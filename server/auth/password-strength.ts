import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * How guessable a password an administrator sets is, by zxcvbn-ts (the maintained successor of
 * Dropbox's zxcvbn): its common-passwords list (about 30,000 of the most used, with l33t
 * spellings such as `P@ssw0rd`), English words and names, keyboard runs (`qwer1234`), repeats,
 * sequences and dates. Every place an administrator sets a password asks this one check.
 */
let factory: ZxcvbnFactory | undefined;

function checker(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return factory;
}

/**
 * zxcvbn's score 3: about 10^8 guesses or more ("safely unguessable: moderate protection from an
 * offline slow-hash scenario"); below it a password is refused.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * True when zxcvbn scores the password under MIN_PASSWORD_SCORE; `related` are the account's own
 * words. `minScore` lowers the bar for a password the user must change at first sign-in (an
 * imported pupil's: server/cli/admin-common.ts).
 */
export function isGuessable(
  password: string,
  related: readonly string[],
  { minScore = MIN_PASSWORD_SCORE }: { minScore?: number } = {},
): boolean {
  return checker().check(password, [...related]).score < minScore;
}
