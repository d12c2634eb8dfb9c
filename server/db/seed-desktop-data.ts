import type { BilingualName, MenuCategoryCode } from '../../contract/desktop-codes';
import {
  DESKTOP_PERMISSION_APP_CODE,
  DESKTOP_PERMISSION_CODES as P,
  RESOURCE_TYPE_ELEMENT,
  RESOURCE_TYPE_GROUP,
  RESOURCE_TYPE_ROUTE,
} from '../../contract/desktop-codes';
import { BUREAU_UNIT_ID, SCHOOL_UNIT_ID } from './seed-data';

/**
 * The desktop demo: each unit's applications, modules and licences, the permission
 * trees, the linked parent identity of teacher02, unread counts, messages and to-do items.
 */

export interface SeedApp {
  code: string;
  category: MenuCategoryCode;
  zname: string;
  shortName: string;
  englishName: string;
  englishShortName: string;
  /** The module (micro-service) serving the application; licences are per module. */
  serverId: string;
  deployPath?: string;
  /** '' for applications opened by the URL rule; an http URL opens in a new window. */
  menuRoute?: string;
  /** User types for which the application's page id is `pre` (spec §2). */
  frontUserType: string;
  /** User types that see the icon; '' is everyone. */
  limitUserType: string;
  updateStatus?: number;
}

const TEACHERS = '2,4';
const FAMILY = '2,3,4,5';

export const SCHOOL_APPS: readonly SeedApp[] = [
  // 常用应用
  {
    code: 'tzgg',
    category: 'ZDYYYFL-CYYY',
    zname: '通知公告',
    shortName: '通知',
    englishName: 'Notices',
    englishShortName: 'Notices',
    serverId: 'notice',
    frontUserType: TEACHERS,
    limitUserType: '',
  },
  {
    code: 'rcap',
    category: 'ZDYYYFL-CYYY',
    zname: '日程安排',
    shortName: '日程',
    englishName: 'Schedule',
    englishShortName: 'Schedule',
    serverId: 'schedule',
    frontUserType: TEACHERS,
    limitUserType: '',
  },
  {
    code: 'wdwp',
    category: 'ZDYYYFL-CYYY',
    zname: '网络硬盘',
    shortName: '网盘',
    englishName: 'Cloud Drive',
    englishShortName: 'Drive',
    serverId: 'netdisk',
    frontUserType: '1,2,3,4,5',
    limitUserType: '',
  },
  {
    code: 'txl',
    category: 'ZDYYYFL-CYYY',
    zname: '通讯录',
    shortName: '通讯录',
    englishName: 'Contacts',
    englishShortName: 'Contacts',
    serverId: 'base',
    frontUserType: TEACHERS,
    limitUserType: '',
  },
  // 行政办公
  {
    code: 'oa',
    category: 'ZDYYYFL-XZBG',
    zname: '协同办公',
    shortName: '办公',
    englishName: 'Office Automation',
    englishShortName: 'Office',
    serverId: 'oa',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'gwlz',
    category: 'ZDYYYFL-XZBG',
    zname: '公文流转',
    shortName: '公文',
    englishName: 'Document Flow',
    englishShortName: 'Documents',
    serverId: 'oa',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
    // Being upgraded: the client hides icons with updateStatus 0.
    updateStatus: 0,
  },
  {
    code: 'hysgl',
    category: 'ZDYYYFL-XZBG',
    zname: '会议室管理',
    shortName: '会议室',
    englishName: 'Meeting Rooms',
    englishShortName: 'Rooms',
    serverId: 'oa',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  // 教务管理
  {
    code: 'kcb',
    category: 'ZDYYYFL-JWGL',
    zname: '课程表',
    shortName: '课表',
    englishName: 'Timetable',
    englishShortName: 'Timetable',
    serverId: 'kcb',
    frontUserType: TEACHERS,
    limitUserType: FAMILY,
  },
  {
    code: 'cjgl',
    category: 'ZDYYYFL-JWGL',
    zname: '成绩管理',
    shortName: '成绩',
    englishName: 'Grades',
    englishShortName: 'Grades',
    serverId: 'score',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  // 数据中心
  {
    code: 'sjzx',
    category: 'ZDYYYFL-SJZX',
    zname: '数据驾驶舱',
    shortName: '驾驶舱',
    englishName: 'Data Cockpit',
    englishShortName: 'Cockpit',
    serverId: 'datacenter',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'base',
    category: 'ZDYYYFL-SJZX',
    zname: '基础平台',
    shortName: '基础',
    englishName: 'Base Platform',
    englishShortName: 'Base',
    serverId: 'base',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'edu',
    category: 'ZDYYYFL-SJZX',
    zname: '教育数据',
    shortName: '教育数据',
    englishName: 'Education Data',
    englishShortName: 'Edu Data',
    serverId: 'edu',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  // 教职工管理
  {
    code: 'rsda',
    category: 'ZDYYYFL-JZGGL',
    zname: '人事档案',
    shortName: '人事',
    englishName: 'Personnel Files',
    englishShortName: 'Personnel',
    serverId: 'hr',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'kqgl',
    category: 'ZDYYYFL-JZGGL',
    zname: '考勤管理',
    shortName: '考勤',
    englishName: 'Attendance',
    englishShortName: 'Attendance',
    serverId: 'hr',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  // 自主学习
  {
    code: 'zxxx',
    category: 'ZDYYYFL-ZZXX',
    zname: '在线学习',
    shortName: '学习',
    englishName: 'Online Learning',
    englishShortName: 'Learning',
    serverId: 'learning',
    // Deployed under its own path instead of the unit's root (spec §2 deploy path).
    deployPath: 'cloud',
    frontUserType: '2,4,5',
    limitUserType: '2,4,5',
  },
  {
    code: 'zyxt',
    category: 'ZDYYYFL-ZZXX',
    zname: '作业系统',
    shortName: '作业',
    englishName: 'Homework',
    englishShortName: 'Homework',
    serverId: 'homework',
    frontUserType: '2,4,5',
    limitUserType: FAMILY,
  },
  // 教研科研
  {
    code: 'jyhd',
    category: 'ZDYYYFL-JYKY',
    zname: '教研活动',
    shortName: '教研',
    englishName: 'Teaching Research',
    englishShortName: 'Research',
    serverId: 'research',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'kygl',
    category: 'ZDYYYFL-JYKY',
    zname: '科研管理',
    shortName: '科研',
    englishName: 'Research Projects',
    englishShortName: 'Projects',
    serverId: 'research',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
    updateStatus: 0,
  },
  {
    code: 'zjer',
    category: 'ZDYYYFL-JYKY',
    zname: '浙江教育资源网',
    shortName: '资源网',
    englishName: 'Zhejiang Education Resources',
    englishShortName: 'Resources',
    serverId: 'zjer',
    // An external site: the client opens http routes in a new window (spec §2).
    menuRoute: 'https://www.zjer.cn/',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  // 学生成长
  {
    code: 'czda',
    category: 'ZDYYYFL-XSCZ',
    zname: '成长档案',
    shortName: '成长',
    englishName: 'Growth Portfolio',
    englishShortName: 'Growth',
    serverId: 'growth',
    frontUserType: '3',
    limitUserType: FAMILY,
  },
  {
    code: 'ddpj',
    category: 'ZDYYYFL-XSCZ',
    zname: '德育评价',
    shortName: '德育',
    englishName: 'Moral Education',
    englishShortName: 'Moral Ed',
    serverId: 'growth',
    frontUserType: TEACHERS,
    limitUserType: FAMILY,
  },
  // 总务后勤
  {
    code: 'zcgl',
    category: 'ZDYYYFL-ZWHQ',
    zname: '资产管理',
    shortName: '资产',
    englishName: 'Assets',
    englishShortName: 'Assets',
    serverId: 'assets',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'haikang',
    category: 'ZDYYYFL-ZWHQ',
    zname: '海康安防',
    shortName: '安防',
    englishName: 'Hikvision Security',
    englishShortName: 'Security',
    serverId: 'haikang',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'ysy',
    category: 'ZDYYYFL-ZWHQ',
    zname: '萤石云视频',
    shortName: '萤石云',
    englishName: 'EZVIZ Cloud Video',
    englishShortName: 'EZVIZ',
    serverId: 'ysy',
    frontUserType: TEACHERS,
    limitUserType: TEACHERS,
  },
  {
    code: 'ykt',
    category: 'ZDYYYFL-ZWHQ',
    zname: '一卡通',
    shortName: '一卡通',
    englishName: 'Campus Card',
    englishShortName: 'Card',
    serverId: 'ykt',
    frontUserType: TEACHERS,
    limitUserType: FAMILY,
  },
];

const AREA = '1';

export const BUREAU_APPS: readonly SeedApp[] = [
  {
    code: 'qytz',
    category: 'ZDYYYFL-CYYY',
    zname: '区域通知',
    shortName: '通知',
    englishName: 'District Notices',
    englishShortName: 'Notices',
    serverId: 'notice',
    frontUserType: AREA,
    limitUserType: '',
  },
  {
    code: 'xxgl',
    category: 'ZDYYYFL-XZBG',
    zname: '学校管理',
    shortName: '学校',
    englishName: 'School Management',
    englishShortName: 'Schools',
    serverId: 'schools',
    frontUserType: AREA,
    limitUserType: '',
  },
  {
    code: 'qysj',
    category: 'ZDYYYFL-SJZX',
    zname: '区域数据',
    shortName: '区域数据',
    englishName: 'District Data',
    englishShortName: 'Data',
    serverId: 'region',
    frontUserType: AREA,
    limitUserType: '',
  },
  // base and edu exist here too: the client hides them from units that are not schools.
  {
    code: 'base',
    category: 'ZDYYYFL-SJZX',
    zname: '基础平台',
    shortName: '基础',
    englishName: 'Base Platform',
    englishShortName: 'Base',
    serverId: 'base',
    frontUserType: AREA,
    limitUserType: '',
  },
  {
    code: 'edu',
    category: 'ZDYYYFL-SJZX',
    zname: '教育数据',
    shortName: '教育数据',
    englishName: 'Education Data',
    englishShortName: 'Edu Data',
    serverId: 'edu',
    frontUserType: AREA,
    limitUserType: '',
  },
  {
    code: 'jsfz',
    category: 'ZDYYYFL-JZGGL',
    zname: '教师发展',
    shortName: '教师发展',
    englishName: 'Teacher Development',
    englishShortName: 'Teachers',
    serverId: 'teacherdev',
    frontUserType: AREA,
    limitUserType: '',
  },
  {
    code: 'jdpg',
    category: 'ZDYYYFL-JYKY',
    zname: '督导评估',
    shortName: '督导',
    englishName: 'Inspection',
    englishShortName: 'Inspection',
    serverId: 'inspection',
    frontUserType: AREA,
    limitUserType: '',
  },
  {
    code: 'zbgl',
    category: 'ZDYYYFL-ZWHQ',
    zname: '装备管理',
    shortName: '装备',
    englishName: 'Equipment',
    englishShortName: 'Equipment',
    serverId: 'equipment',
    frontUserType: AREA,
    limitUserType: '',
  },
];

export const SEED_APPS_BY_UNIT: readonly { unitId: number; apps: readonly SeedApp[] }[] = [
  { unitId: SCHOOL_UNIT_ID, apps: SCHOOL_APPS },
  { unitId: BUREAU_UNIT_ID, apps: BUREAU_APPS },
];

/** The modules (serverIds) and their names, for licences and resource/inside/module. */
export const SEED_MODULES: Readonly<Record<string, BilingualName>> = {
  base: { zh: '基础平台', en: 'Base Platform' },
  notice: { zh: '通知公告', en: 'Notices' },
  schedule: { zh: '日程安排', en: 'Schedule' },
  netdisk: { zh: '网络硬盘', en: 'Cloud Drive' },
  oa: { zh: '协同办公', en: 'Office Automation' },
  kcb: { zh: '课程表', en: 'Timetable' },
  score: { zh: '成绩管理', en: 'Grades' },
  datacenter: { zh: '数据中心', en: 'Data Centre' },
  edu: { zh: '教育数据', en: 'Education Data' },
  hr: { zh: '人事管理', en: 'Human Resources' },
  learning: { zh: '在线学习', en: 'Online Learning' },
  homework: { zh: '作业系统', en: 'Homework' },
  research: { zh: '教研科研', en: 'Teaching Research' },
  zjer: { zh: '浙江教育资源网', en: 'Zhejiang Education Resources' },
  growth: { zh: '学生成长', en: 'Student Growth' },
  assets: { zh: '资产管理', en: 'Assets' },
  haikang: { zh: '海康安防', en: 'Hikvision Security' },
  ysy: { zh: '萤石云视频', en: 'EZVIZ Cloud Video' },
  ykt: { zh: '一卡通', en: 'Campus Card' },
  schools: { zh: '学校管理', en: 'School Management' },
  region: { zh: '区域数据', en: 'District Data' },
  teacherdev: { zh: '教师发展', en: 'Teacher Development' },
  inspection: { zh: '督导评估', en: 'Inspection' },
  equipment: { zh: '装备管理', en: 'Equipment' },
};

const DAY_MS = 24 * 3600 * 1000;

/**
 * Licences, as days from the time of each request (so expired, soon and in-use rows stay so
 * whenever the demo runs). A module without a row is not licensed (school: `research`).
 */
export const SEED_LICENCES: readonly { unitId: number; modules: Record<string, number> }[] = [
  {
    unitId: SCHOOL_UNIT_ID,
    modules: {
      base: 400,
      notice: 365,
      schedule: 200,
      netdisk: 120,
      oa: 60,
      kcb: 20,
      score: -15,
      datacenter: 300,
      edu: 300,
      hr: 85,
      learning: 500,
      homework: -40,
      zjer: 730,
      growth: 250,
      assets: 95,
      haikang: 365,
      ysy: 365,
      ykt: 365,
    },
  },
  {
    unitId: BUREAU_UNIT_ID,
    modules: {
      base: 400,
      edu: 30,
      notice: 365,
      schools: -5,
      region: 300,
      teacherdev: 80,
      inspection: 200,
      equipment: 150,
    },
  },
];
export const LICENCE_DAY_MS = DAY_MS;
/** The school module without a licence: license/unit answers false for it. */
export const UNLICENSED_SCHOOL_MODULE = 'research';

/** The modules listed in the expiry message of teacher01 (openWay 1). */
export const EXPIRY_MESSAGE_MODULES = ['score', 'homework', 'kcb', 'oa', 'hr'] as const;

/** The unit flags and help-centre keys. */
export const SEED_UNIT_SETTINGS: readonly {
  unitId: number;
  isVocational: boolean;
  haveInstitute: boolean;
  helpKey: string;
}[] = [
  { unitId: SCHOOL_UNIT_ID, isVocational: false, haveInstitute: false, helpKey: 'ygsy-2026' },
  { unitId: BUREAU_UNIT_ID, isVocational: false, haveInstitute: false, helpKey: 'bjjyj-2026' },
];

/** parent02 keeps an older record: a bare colour (spec §7 my_desktop/color). */
export const SEED_USER_THEMES: Readonly<Record<number, string>> = { 10005: '#4DB021' };

/** Each user's unread counts on application icons. */
export const SEED_UNREAD_COUNTS: Readonly<Record<number, Readonly<Record<string, number>>>> = {
  10001: { tzgg: 5, oa: 12, rcap: 2, kqgl: 128 },
  10002: { tzgg: 3, zyxt: 7 },
  10003: { oa: 4, zcgl: 1 },
  10004: { zyxt: 2, czda: 1 },
  10005: { tzgg: 1 },
  10006: { zyxt: 6, kcb: 1 },
  10007: { czda: 1 },
  20001: { qytz: 4, jdpg: 2 },
};

/** teacher02's parent identity (parent03 in seed-data.ts): a separate account, linked. */
export const LINKED_PARENT = { id: 10007, teacherId: 10002 } as const;

export interface SeedResource {
  code: string;
  name: string;
  resourceType: number;
  menuRoute?: string;
  children?: SeedResource[];
}

/** The permission menu trees, per application code (spec §3 menu resource tree). */
export const SEED_RESOURCE_TREES: Readonly<Record<string, SeedResource[]>> = {
  [DESKTOP_PERMISSION_APP_CODE]: [
    {
      code: 'base_desktop',
      name: '个人桌面',
      resourceType: RESOURCE_TYPE_GROUP,
      children: [
        {
          code: P.desktopHome,
          name: '桌面首页',
          resourceType: RESOURCE_TYPE_ROUTE,
          menuRoute: '/desktop/home',
        },
        {
          code: P.desktopSetting,
          name: '桌面设置',
          resourceType: RESOURCE_TYPE_ROUTE,
          menuRoute: '/desktop/setting',
        },
        {
          code: P.desktopAudit,
          name: '访问审计',
          resourceType: RESOURCE_TYPE_ROUTE,
          menuRoute: '/desktop/audit',
        },
        { code: P.moduleExpiry, name: '模块到期提醒', resourceType: RESOURCE_TYPE_ELEMENT },
        { code: P.themeSync, name: '同步主题', resourceType: RESOURCE_TYPE_ELEMENT },
        { code: P.clientDownload, name: '客户端下载', resourceType: RESOURCE_TYPE_ELEMENT },
        { code: P.appOrder, name: '应用排序', resourceType: RESOURCE_TYPE_ELEMENT },
      ],
    },
  ],
  tzgg: [
    {
      code: 'tzgg_notice',
      name: '通知公告',
      resourceType: RESOURCE_TYPE_GROUP,
      children: [
        {
          code: 'tzgg_list',
          name: '通知列表',
          resourceType: RESOURCE_TYPE_ROUTE,
          menuRoute: '/list',
        },
        {
          code: 'tzgg_publish',
          name: '发布通知',
          resourceType: RESOURCE_TYPE_ROUTE,
          menuRoute: '/publish',
        },
        { code: 'tzgg_delete', name: '删除通知', resourceType: RESOURCE_TYPE_ELEMENT },
      ],
    },
  ],
  kcb: [
    {
      code: 'kcb_timetable',
      name: '课程表',
      resourceType: RESOURCE_TYPE_ROUTE,
      menuRoute: '/timetable',
      children: [{ code: 'kcb_edit', name: '调整课程', resourceType: RESOURCE_TYPE_ELEMENT }],
    },
  ],
};

/**
 * Granted permission codes per user (types 2 and 4 only). A node is delivered when it is
 * granted; teacher01 (the admin) holds everything but the audit route.
 */
export const SEED_GRANTS: Readonly<Record<number, readonly string[]>> = {
  10001: [
    'base_desktop',
    P.desktopHome,
    P.desktopSetting,
    P.moduleExpiry,
    P.themeSync,
    P.clientDownload,
    P.appOrder,
    'tzgg_notice',
    'tzgg_list',
    'tzgg_publish',
    'tzgg_delete',
    'kcb_timetable',
    'kcb_edit',
  ],
  10002: [
    'base_desktop',
    P.desktopHome,
    P.moduleExpiry,
    P.clientDownload,
    P.appOrder,
    'tzgg_notice',
    'tzgg_list',
    'kcb_timetable',
  ],
  10003: ['base_desktop', P.desktopHome, P.clientDownload, 'tzgg_notice', 'tzgg_list'],
};

/** Message configuration per user; everyone else opens the messages dialog by itself. */
export const SEED_MESSAGE_CONFIGS: Readonly<Record<number, { pcOpen: boolean }>> = {
  10003: { pcOpen: false },
};
