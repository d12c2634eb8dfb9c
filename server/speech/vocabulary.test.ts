import { describe, expect, it } from 'vitest';
import { matchVocabulary, normalise, stripTrailingPunctuation } from './vocabulary';

const apps = [
  { code: 'tzgg', phrases: ['通知公告', '通知', 'Notices', '公告', 'notice board'] },
  { code: 'wdwp', phrases: ['网络硬盘', '网盘', 'Cloud Drive', 'Drive', 'my files'] },
];

describe('vocabulary matching', () => {
  it('strips trailing punctuation only', () => {
    expect(stripTrailingPunctuation('打开通知。')).toBe('打开通知');
    expect(stripTrailingPunctuation('open notices!? ')).toBe('open notices');
    expect(stripTrailingPunctuation('a.b')).toBe('a.b');
  });

  it('folds case, width and spacing', () => {
    expect(normalise(' Ｏｐｅｎ  Cloud   Drive ')).toBe('opencloudDrive'.toLowerCase());
  });

  it('matches Chinese and English names, short names and synonyms, with or without a verb', () => {
    expect(matchVocabulary('打开通知公告', apps)).toBe('tzgg');
    expect(matchVocabulary('進入網盤', apps)).toBeNull();
    expect(matchVocabulary('进入网盘', apps)).toBe('wdwp');
    expect(matchVocabulary('Open Notices.', apps)).toBe('tzgg');
    expect(matchVocabulary('go to the notice board', apps)).toBe('tzgg');
    expect(matchVocabulary('open my files', apps)).toBe('wdwp');
    expect(matchVocabulary('drive', apps)).toBe('wdwp');
  });

  it('does not guess: other words, partial names and empty text match nothing', () => {
    expect(matchVocabulary('what is the weather', apps)).toBeNull();
    expect(matchVocabulary('open', apps)).toBeNull();
    expect(matchVocabulary('notices please delete everything', apps)).toBeNull();
    expect(matchVocabulary('。', apps)).toBeNull();
    expect(matchVocabulary('', [])).toBeNull();
  });
});
