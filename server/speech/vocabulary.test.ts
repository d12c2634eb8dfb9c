import { describe, expect, it } from 'vitest';
import { foldTraditional, traditionalPairs } from './traditional';
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

  it('finds applications said in traditional characters (zh-HK)', () => {
    expect(matchVocabulary('打開通知', apps)).toBe('tzgg');
    expect(matchVocabulary('進入通知', apps)).toBe('tzgg');
    expect(matchVocabulary('請打開通知公告。', apps)).toBe('tzgg');
    expect(matchVocabulary('進入網盤', apps)).toBe('wdwp');
    expect(matchVocabulary('幫我打開網絡硬盤！', apps)).toBe('wdwp');
    expect(matchVocabulary('打開網絡硬碟', apps)).toBeNull();
    expect(matchVocabulary('今日天氣點樣', apps)).toBeNull();
  });

  it('folds the traditional names of every demo application onto their simplified names', () => {
    const names: Record<string, string> = {
      通知公告: '通知公告',
      通訊錄: '通讯录',
      協同辦公: '协同办公',
      公文流轉: '公文流转',
      會議室管理: '会议室管理',
      課程表: '课程表',
      成績管理: '成绩管理',
      數據駕駛艙: '数据驾驶舱',
      基礎平台: '基础平台',
      教育數據: '教育数据',
      人事檔案: '人事档案',
      在線學習: '在线学习',
      作業系統: '作业系统',
      浙江教育資源網: '浙江教育资源网',
      成長檔案: '成长档案',
      德育評價: '德育评价',
      資產管理: '资产管理',
      螢石雲視頻: '萤石云视频',
      一卡通: '一卡通',
      區域通知: '区域通知',
      學校管理: '学校管理',
      區域數據: '区域数据',
      教師發展: '教师发展',
      督導評估: '督导评估',
      裝備管理: '装备管理',
      網絡硬盤: '网络硬盘',
      日程安排: '日程安排',
      考勤管理: '考勤管理',
      教研活動: '教研活动',
      科研管理: '科研管理',
    };
    for (const [traditional, simplified] of Object.entries(names)) {
      expect(foldTraditional(traditional), traditional).toBe(simplified);
    }
    expect(normalise('打開 通訊錄')).toBe(normalise('打开通讯录'));
  });

  it('has a table of distinct single characters that leaves simplified text alone', () => {
    const pairs = traditionalPairs();
    expect(pairs.length).toBeGreaterThan(300);
    for (const [from, to] of pairs) {
      expect(from).toHaveLength(1);
      expect(to).toHaveLength(1);
      expect(from).not.toBe(to);
      // A simplified character is never itself folded to something else.
      expect(
        pairs.some(([other]) => other === to),
        `${from}→${to}`,
      ).toBe(false);
    }
    expect(foldTraditional('open notices 打开通知')).toBe('open notices 打开通知');
  });
});
