import type { DecorationSet } from '../../contract/auth';
import { filingBadgePath } from '../storage/paths';

/**
 * The demo tenants of the reference server: a primary school and a district education
 * bureau, with one account per user type. Ids are fixed so links and tests stay stable.
 */

export interface SeedUnit {
  id: number;
  name: string;
  enName: string;
  unitType: 1 | 2;
  shardingCode: string;
  hosts: string[];
  loginConfig: {
    footer: string;
    link: string;
    baImg: string;
    baContent: string;
    baUrl: string;
    helpCenter: boolean;
    decorationSet: DecorationSet;
  };
}

export interface SeedChild {
  id: number;
  realName: string;
  gradeName: string;
  className: string;
  sex: number;
  status: number;
}

export interface SeedUser {
  id: number;
  unitId: number;
  loginName: string;
  realName: string;
  userType: number;
  /** 1 boy, 2 girl, 0 unknown (the client then shows its default image). */
  sex: number;
  hasAvatar: boolean;
  roles: { code: string; project: string }[];
  children: SeedChild[];
}

export const SCHOOL_UNIT_ID = 1001;
export const BUREAU_UNIT_ID = 2001;
export const SEED_YEAR = '2026';
export const SEED_TERM = '1';

/** The public-security filing badge, drawn and served by server/storage. */
export const POLICE_FILING_BADGE_PATH = filingBadgePath('police');

/** An ICP filing entry of the footer (its number goes in baContent): MIIT's register links it. */
export const MIIT_FILING = {
  baUrl: 'https://beian.miit.gov.cn/',
  baImg: '',
  showImg: false,
};

/** The footer entry of a public-security filing: its record code, the province's abbreviation. */
export function policeFiling(code: string, region: string) {
  return {
    baUrl: `https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=${code}`,
    baImg: POLICE_FILING_BADGE_PATH,
    baContent: `${region}公网安备 ${code}号`,
    showImg: true,
  };
}

export const SEED_UNITS: readonly SeedUnit[] = [
  {
    id: SCHOOL_UNIT_ID,
    name: '阳光实验小学',
    enName: 'Sunshine Experimental Primary School',
    unitType: 2,
    shardingCode: '330108001',
    hosts: ['localhost', 'school.localhost', '127.0.0.1'],
    loginConfig: {
      footer: '阳光实验小学 信息中心|||Sunshine Experimental Primary School IT Centre',
      link: 'https://www.example.edu.cn/',
      baImg: POLICE_FILING_BADGE_PATH,
      baContent: '浙公网安备 33010802000001号',
      baUrl: 'https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=33010802000001',
      helpCenter: true,
      decorationSet: {
        defaultLanguage: 'zh-CN',
        themeList: [],
        footerMsg: {
          show: true,
          helpCenter: true,
          conectNZ: false,
          showBaMsg: true,
          copyright: '© 2026 阳光实验小学',
          baList: [
            { ...MIIT_FILING, baContent: '浙ICP备20260001号-1' },
            policeFiling('33010802000001', '浙'),
          ],
        },
      },
    },
  },
  {
    id: BUREAU_UNIT_ID,
    name: '滨江区教育局',
    enName: 'Binjiang District Education Bureau',
    unitType: 1,
    shardingCode: '330108',
    hosts: ['area.localhost'],
    loginConfig: {
      footer: '滨江区教育局 教育信息化中心|||Binjiang District Education Bureau ICT Centre',
      link: 'https://edu.example.gov.cn/',
      baImg: POLICE_FILING_BADGE_PATH,
      baContent: '浙公网安备 33010802000002号',
      baUrl: 'https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=33010802000002',
      helpCenter: false,
      decorationSet: {
        defaultLanguage: 'zh-CN',
        themeList: [],
        footerMsg: {
          show: true,
          helpCenter: false,
          conectNZ: false,
          showBaMsg: true,
          copyright: '© 2026 滨江区教育局',
          baList: [
            { ...MIIT_FILING, baContent: '浙ICP备20260002号-1' },
            policeFiling('33010802000002', '浙'),
          ],
        },
      },
    },
  },
];

/** The system role that makes a user a unit administrator in the base project (spec §6). */
export const SYSTEM_ROLE = { code: 'XX_SYS_', project: 'base' } as const;

export const SEED_USERS: readonly SeedUser[] = [
  {
    id: 10001,
    unitId: SCHOOL_UNIT_ID,
    loginName: 'teacher01',
    realName: '王老师',
    userType: 2,
    sex: 2,
    hasAvatar: true,
    roles: [SYSTEM_ROLE],
    children: [],
  },
  {
    id: 10002,
    unitId: SCHOOL_UNIT_ID,
    loginName: 'teacher02',
    realName: '李老师',
    userType: 2,
    sex: 1,
    hasAvatar: true,
    roles: [],
    children: [],
  },
  {
    id: 10003,
    unitId: SCHOOL_UNIT_ID,
    loginName: 'staff01',
    realName: '陈干事',
    userType: 4,
    sex: 1,
    // No avatar: exercises the client's default image by sex.
    hasAvatar: false,
    roles: [],
    children: [],
  },
  {
    id: 10004,
    unitId: SCHOOL_UNIT_ID,
    loginName: 'parent01',
    realName: '张家长',
    userType: 3,
    sex: 1,
    hasAvatar: true,
    roles: [],
    children: [
      {
        id: 50001,
        realName: '张小明',
        gradeName: '三年级',
        className: '2班',
        sex: 1,
        status: 1,
      },
      {
        id: 50002,
        realName: '张小红',
        gradeName: '一年级',
        className: '1班',
        sex: 2,
        status: 1,
      },
      {
        id: 50003,
        realName: '张小刚',
        gradeName: '五年级',
        className: '3班',
        sex: 1,
        status: 0,
      },
    ],
  },
  {
    id: 10005,
    unitId: SCHOOL_UNIT_ID,
    loginName: 'parent02',
    realName: '刘家长',
    userType: 3,
    sex: 2,
    hasAvatar: false,
    roles: [],
    children: [
      {
        id: 50004,
        realName: '刘小雨',
        gradeName: '二年级',
        className: '4班',
        sex: 2,
        status: 1,
      },
    ],
  },
  {
    id: 10006,
    unitId: SCHOOL_UNIT_ID,
    loginName: 'student01',
    realName: '周同学',
    userType: 5,
    sex: 1,
    hasAvatar: false,
    roles: [],
    children: [],
  },
  {
    // teacher02's parent identity (the same person): linked by server/db/seed-desktop.ts, so
    // the role switcher can move between them.
    id: 10007,
    unitId: SCHOOL_UNIT_ID,
    loginName: 'parent03',
    realName: '李家长',
    userType: 3,
    sex: 1,
    hasAvatar: false,
    roles: [],
    children: [
      {
        id: 50005,
        realName: '李小乐',
        gradeName: '四年级',
        className: '1班',
        sex: 1,
        status: 1,
      },
    ],
  },
  {
    id: 20001,
    unitId: BUREAU_UNIT_ID,
    loginName: 'area01',
    realName: '赵科长',
    userType: 1,
    sex: 1,
    hasAvatar: true,
    roles: [],
    children: [],
  },
];

/**
 * The demo installation client id (spec §4 step 2): a desktop client configured with it signs in
 * staff01 without a password, as an IT-managed staff device would. Like the demo password, it is
 * published for the demo only.
 */
export const DEMO_CLIENT_ID = 'edudesk-demo-client-staff01';
export const DEMO_CLIENT_LOGIN = 'staff01';
