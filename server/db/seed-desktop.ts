import type { Sql } from './sql';
import { OPEN_WAY_EXPIRY_DIALOG, OPEN_WAY_URL } from '../../contract/desktop-codes';
import { appPageUrl, idPathFor, rootFor } from '../apps/app-urls';
import {
  BUREAU_APPS,
  EXPIRY_MESSAGE_MODULES,
  LICENCE_DAY_MS,
  LINKED_PARENT,
  SEED_APPS_BY_UNIT,
  SEED_GRANTS,
  SEED_LICENCES,
  SEED_MESSAGE_CONFIGS,
  SEED_MODULES,
  SEED_RESOURCE_TREES,
  SEED_UNIT_SETTINGS,
  SEED_UNREAD_COUNTS,
  SEED_USER_THEMES,
  SCHOOL_APPS,
  type SeedApp,
  type SeedResource,
} from './seed-desktop-data';
import { SEED_UNITS, SEED_USERS } from './seed-data';
import { seedVocabulary } from './seed-vocabulary';

const HOUR_MS = 3600 * 1000;

interface DemoUser {
  id: number;
  unitId: number;
  userType: number;
}

interface MessageSeed {
  kind: 'message' | 'todo';
  meno: string;
  importance: number;
  module: string;
  createdAt: number;
  url: string;
  openWay: number;
  content: string;
}

/** What a message or to-do links to: one of the unit's applications, or an outside page. */
interface Topic {
  appCode: string;
  texts: readonly string[];
}

const TEACHER_MESSAGES: readonly Topic[] = [
  {
    appCode: 'tzgg',
    texts: ['【通知】关于开展第{n}周教研活动的通知', '【公告】校园开放日安排（第{n}期）'],
  },
  {
    appCode: 'oa',
    texts: ['您有一份新的公文待阅：校办〔2026〕{n}号', '流程已办结：办公用品申领单 #{n}'],
  },
  { appCode: 'kcb', texts: ['课程调整：周三第{k}节课调至周四第{k}节'] },
  { appCode: 'cjgl', texts: ['第{n}次单元测试成绩已发布，请及时核对'] },
  { appCode: 'kqgl', texts: ['考勤提醒：今日有 {k} 名学生未打卡'] },
  { appCode: 'rcap', texts: ['日程提醒：明天 9:00 召开年级组会议（议题 {n}）'] },
  { appCode: 'zjer', texts: ['浙江教育资源网上线了 {k} 节新的精品课程'] },
  { appCode: 'wdwp', texts: ['网盘空间已使用 {p}%，请及时清理'] },
];

const FAMILY_MESSAGES: readonly Topic[] = [
  { appCode: 'tzgg', texts: ['【通知】关于寒假安全教育的告家长书（第{n}号）'] },
  { appCode: 'zyxt', texts: ['今日作业已布置，请督促孩子按时完成（{k} 项）'] },
  { appCode: 'kcb', texts: ['下周课程表已更新'] },
  { appCode: 'czda', texts: ['孩子的成长档案新增了 {k} 条记录'] },
];

const AREA_MESSAGES: readonly Topic[] = [
  { appCode: 'qytz', texts: ['【通知】全区第{n}季度教育质量监测工作安排'] },
  { appCode: 'jdpg', texts: ['督导评估报告已提交：第{n}批学校'] },
  { appCode: 'qysj', texts: ['区域数据月报已生成（{k} 所学校）'] },
];

const TEACHER_TODOS: readonly Topic[] = [
  { appCode: 'oa', texts: ['待审批：{name}老师的请假申请', '待审批：教学用品采购申请 #{n}'] },
  { appCode: 'hysgl', texts: ['待确认：{name}老师预约了第{k}会议室'] },
  { appCode: 'zyxt', texts: ['待批改：三年级{k}班语文作业'] },
  { appCode: 'jyhd', texts: ['待提交：第{n}周教研活动记录'] },
  { appCode: 'zcgl', texts: ['待处理：资产报修单 #{n}'] },
  { appCode: 'cjgl', texts: ['待录入：第{n}次单元测试成绩'] },
];

const PARENT_TODOS: readonly Topic[] = [
  { appCode: 'zyxt', texts: ['待签字：第{n}周家庭作业', '待完成：亲子阅读打卡（第{n}天）'] },
  { appCode: 'tzgg', texts: ['待回执：关于春游活动的通知（第{n}号）'] },
  { appCode: 'czda', texts: ['待填写：学期成长记录（第{k}项）'] },
];

const STUDENT_TODOS: readonly Topic[] = [
  { appCode: 'zyxt', texts: ['待完成：数学练习第{n}课', '待订正：语文作业第{n}篇'] },
  { appCode: 'zxxx', texts: ['待学习：科学微课第{k}讲'] },
];

const AREA_TODOS: readonly Topic[] = [
  { appCode: 'xxgl', texts: ['待审核：第{n}批学校信息变更'] },
  { appCode: 'zbgl', texts: ['待审核：学校装备申报 #{n}'] },
  { appCode: 'jsfz', texts: ['待审批：教师培训学分认定（{k} 人）'] },
];

const NAMES = ['张', '王', '李', '赵', '陈', '刘', '周', '吴'];

function fill(text: string, index: number): string {
  return text
    .replaceAll('{n}', String(index + 1))
    .replaceAll('{k}', String((index % 6) + 1))
    .replaceAll('{p}', String(80 + (index % 20)))
    .replaceAll('{name}', NAMES[index % NAMES.length] ?? '张');
}

function appUrl(app: SeedApp, user: DemoUser, unitType: number): string {
  if (app.menuRoute?.startsWith('http')) return app.menuRoute;
  return appPageUrl({
    root: app.deployPath ?? rootFor(unitType),
    serverId: app.serverId,
    code: app.code,
    idPath: idPathFor(user.userType, app.frontUserType),
  });
}

function generate(
  kind: MessageSeed['kind'],
  { topics, count }: Plan,
  user: DemoUser,
  apps: ReadonlyMap<string, SeedApp>,
  unitType: number,
  now: number,
): MessageSeed[] {
  const seeds: MessageSeed[] = [];
  for (let index = 0; index < count; index += 1) {
    const topic = topics[index % topics.length];
    const app = topic && apps.get(topic.appCode);
    if (!topic || !app) continue;
    const text = topic.texts[Math.floor(index / topics.length) % topic.texts.length] ?? '';
    seeds.push({
      kind,
      meno: fill(text, index),
      importance: (index % 5) + 1,
      module: app.zname,
      // Spread over the past days, newest first; every seventh has no link.
      createdAt: now - (index * 2 + 1) * HOUR_MS - index * 60_000,
      url: index % 7 === 6 ? '' : appUrl(app, user, unitType),
      openWay: OPEN_WAY_URL,
      content: '',
    });
  }
  return seeds;
}

interface Plan {
  topics: readonly Topic[];
  count: number;
}

/** The admin who gets 120 unread messages: 119 from the topics plus the expiry reminder. */
const BUSY_USER_ID = 10001;

/** How many messages and to-do items each demo user gets, and about what. */
function plan(user: DemoUser): { messages: Plan; todos: Plan } {
  if (user.id === BUSY_USER_ID) {
    return {
      messages: { topics: TEACHER_MESSAGES, count: 119 },
      todos: { topics: TEACHER_TODOS, count: 10 },
    };
  }
  switch (user.userType) {
    case 1:
      return {
        messages: { topics: AREA_MESSAGES, count: 6 },
        todos: { topics: AREA_TODOS, count: 7 },
      };
    case 2:
    case 4:
      return {
        messages: { topics: TEACHER_MESSAGES, count: user.userType === 2 ? 5 : 3 },
        todos: { topics: TEACHER_TODOS, count: 8 },
      };
    case 3:
      return {
        messages: { topics: FAMILY_MESSAGES, count: 4 },
        todos: { topics: PARENT_TODOS, count: 7 },
      };
    default:
      return {
        messages: { topics: FAMILY_MESSAGES, count: 2 },
        todos: { topics: STUDENT_TODOS, count: 7 },
      };
  }
}

async function insertTree(
  sql: Sql,
  appCode: string,
  nodes: readonly SeedResource[],
  parentId: number | null,
): Promise<void> {
  const insert = `INSERT INTO menu_resources (app_code, code, name, parent_id, resource_type, menu_route,
       sort_order) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`;
  for (const [order, node] of nodes.entries()) {
    const row = await sql.get<{ id: number }>(insert, [
      appCode,
      node.code,
      node.name,
      parentId,
      node.resourceType,
      node.menuRoute ?? '',
      order,
    ]);
    if (!row) throw new Error('menu_resources: the insert returned no id');
    await insertTree(sql, appCode, node.children ?? [], row.id);
  }
}

/**
 * The applications a new unit of `unitType` gets (an education bureau's or a school's), in the
 * order of its desktop: the platform catalogue of server/db/seed-desktop-data.ts.
 */
export function catalogueAppsOf(unitType: number): readonly SeedApp[] {
  return unitType === 1 ? BUREAU_APPS : SCHOOL_APPS;
}

/** Writes a unit's applications (desktop_apps), in their desktop order, and their synonyms. */
export async function installUnitApps(
  sql: Sql,
  unitId: number,
  apps: readonly SeedApp[],
): Promise<void> {
  const insertApp = `INSERT INTO desktop_apps (unit_id, code, category_code, zname, name, short_name,
       english_short_name, english_name, menu_route, server_id, deploy_path, front_user_type,
       limit_user_type, app_type, update_status, sort_order)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`;
  for (const [order, app] of apps.entries()) {
    await sql.run(insertApp, [
      unitId,
      app.code,
      app.category,
      app.zname,
      app.zname,
      app.shortName,
      app.englishShortName,
      app.englishName,
      app.menuRoute ?? '',
      app.serverId,
      app.deployPath ?? '',
      app.frontUserType,
      app.limitUserType,
      app.updateStatus ?? 1,
      order,
    ]);
  }
  await seedVocabulary(sql, unitId);
}

/**
 * The platform catalogue, written inside the seed's transaction on a fresh database in both
 * modes: the modules (what licences name) and the permission (menu) trees. It names no unit: a
 * unit's applications come with the unit (`installUnitApps`).
 */
export async function seedPlatformCatalogue(sql: Sql): Promise<void> {
  const insertModule =
    'INSERT INTO desktop_modules (server_id, name, english_name) VALUES (?, ?, ?)';
  for (const [serverId, name] of Object.entries(SEED_MODULES)) {
    await sql.run(insertModule, [serverId, name.zh, name.en]);
  }
  for (const [appCode, tree] of Object.entries(SEED_RESOURCE_TREES)) {
    await insertTree(sql, appCode, tree, null);
  }
}

/**
 * The demo units' desktops, written after their units in demo mode only: their applications,
 * licences (ends that move with the clock, some expired) and flags. Nobody holds a grant yet.
 */
export async function seedDemoUnitDesktops(sql: Sql): Promise<void> {
  for (const { unitId, apps } of SEED_APPS_BY_UNIT) await installUnitApps(sql, unitId, apps);

  const insertLicence = `INSERT INTO module_licences (unit_id, server_id, name, end_time, end_offset_ms)
     VALUES (?, ?, ?, NULL, ?)`;
  for (const { unitId, modules } of SEED_LICENCES) {
    for (const [serverId, days] of Object.entries(modules)) {
      await sql.run(insertLicence, [
        unitId,
        serverId,
        SEED_MODULES[serverId]?.zh ?? serverId,
        days * LICENCE_DAY_MS,
      ]);
    }
  }

  const insertUnitSettings = `INSERT INTO unit_desktop_settings (unit_id, theme, is_vocational, have_institute, help_key)
     VALUES (?, NULL, ?, ?, ?)`;
  for (const unit of SEED_UNIT_SETTINGS) {
    await sql.run(insertUnitSettings, [
      unit.unitId,
      unit.isVocational ? 1 : 0,
      unit.haveInstitute ? 1 : 0,
      unit.helpKey,
    ]);
  }
}

/**
 * The desktop demo data, written after the catalogue in demo mode only: the linked
 * parent identity of teacher02, the demo accounts' grants, unread counts and settings, 120 unread
 * messages for teacher01 and to-do items for every user. `now` dates the messages.
 */
export async function seedDesktopDemo(sql: Sql, now: number): Promise<void> {
  // teacher02 and parent03 are the same person: the role switcher moves between them.
  await sql.run('INSERT INTO identity_links (teacher_user_id, parent_user_id) VALUES (?, ?)', [
    LINKED_PARENT.teacherId,
    LINKED_PARENT.id,
  ]);

  // The catalogue's node of a code (the last one written, should two applications share it).
  const resourceOf = 'SELECT id FROM menu_resources WHERE code = ? ORDER BY id DESC LIMIT 1';
  const insertGrant = 'INSERT INTO user_menu_grants (user_id, resource_id) VALUES (?, ?)';
  for (const [userId, codes] of Object.entries(SEED_GRANTS)) {
    for (const code of codes) {
      const resource = await sql.get<{ id: number }>(resourceOf, [code]);
      if (resource !== undefined) await sql.run(insertGrant, [Number(userId), resource.id]);
    }
  }

  const insertUnread = 'INSERT INTO app_unread_counts (user_id, code, num) VALUES (?, ?, ?)';
  for (const [userId, counts] of Object.entries(SEED_UNREAD_COUNTS)) {
    for (const [code, num] of Object.entries(counts))
      await sql.run(insertUnread, [Number(userId), code, num]);
  }

  const insertUserSettings =
    'INSERT INTO user_desktop_settings (user_id, theme, message_config) VALUES (?, ?, ?)';
  const settingUsers = new Set([
    ...Object.keys(SEED_USER_THEMES),
    ...Object.keys(SEED_MESSAGE_CONFIGS),
  ]);
  for (const key of settingUsers) {
    const userId = Number(key);
    const config = SEED_MESSAGE_CONFIGS[userId];
    await sql.run(insertUserSettings, [
      userId,
      SEED_USER_THEMES[userId] ?? null,
      config ? JSON.stringify(config) : null,
    ]);
  }

  await seedMessages(sql, now);
}

async function seedMessages(sql: Sql, now: number): Promise<void> {
  const insert = `INSERT INTO desktop_messages (user_id, kind, message_meno, importance, module, created_at,
       url, open_way, content, read_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`;
  const unitTypes = new Map(SEED_UNITS.map((unit) => [unit.id, unit.unitType]));
  const appsByUnit = new Map(
    SEED_APPS_BY_UNIT.map(({ unitId, apps }) => [
      unitId,
      new Map(apps.map((app) => [app.code, app])),
    ]),
  );
  for (const user of SEED_USERS) {
    const apps = appsByUnit.get(user.unitId) ?? new Map<string, SeedApp>();
    const unitType = unitTypes.get(user.unitId) ?? 2;
    const { messages, todos } = plan(user);
    const seeds = [
      ...generate('message', messages, user, apps, unitType, now),
      ...generate('todo', todos, user, apps, unitType, now),
    ];
    if (user.id === BUSY_USER_ID) {
      // The expiry reminder (openWay 1): its content lists modules, expanded when answered.
      seeds.push({
        kind: 'message',
        meno: '您所在单位有模块已到期或即将到期，请及时联系管理员续费',
        importance: 5,
        module: SEED_MODULES.base?.zh ?? '基础平台',
        createdAt: now - 10 * 60_000,
        url: '',
        openWay: OPEN_WAY_EXPIRY_DIALOG,
        content: JSON.stringify(EXPIRY_MESSAGE_MODULES),
      });
    }
    for (const seed of seeds) {
      await sql.run(insert, [
        user.id,
        seed.kind,
        seed.meno,
        seed.importance,
        seed.module,
        seed.createdAt,
        seed.url,
        seed.openWay,
        seed.content,
      ]);
    }
  }
}
