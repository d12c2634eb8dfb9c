import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_ROOT } from '../product-root';
import type { PackageInfo, ServerVersionInfo, VersionFileEntry } from '../../contract/desktop';

/** The product's version (package.json): the desktop shell's front end and this server. */
export const PRODUCT_VERSION = (
  JSON.parse(readFileSync(path.join(PRODUCT_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

const RELEASE_DATE = '2026-03-01';

/**
 * A module's three version sources (spec §7 versions). Any may be missing: a module without
 * `server` answers 404 on /api/{code}/nl/{code}_package_versions, which the client reports as a
 * missing version interface (spec §8).
 */
export interface ModuleVersions {
  /** GET /{root}/{code}/package.json: the front end's version and the server it needs. */
  packageInfo: PackageInfo;
  /** GET /api/{code}/nl/{code}_package_versions: the server's version and the front end it needs. */
  server?: ServerVersionInfo;
  /** GET /{root}/{code}-version/version.json: the release notes, newest first. */
  releases: VersionFileEntry[];
}

const SHELL_RELEASES: VersionFileEntry[] = [
  {
    version: PRODUCT_VERSION,
    date: RELEASE_DATE,
    metto: [
      {
        cn: '全新个人桌面：应用菜单、消息、待办与模块到期提醒',
        en: 'New personal desktop: application menu, messages, to-do and module expiry reminders',
      },
      {
        cn: '新增水墨、荷韵、卡通主题与自定义主题色',
        en: 'Ink, lotus and cartoon themes and a custom theme colour',
      },
      {
        cn: '支持简体中文、繁體中文与英文',
        en: 'Simplified Chinese, Traditional Chinese and English',
      },
    ],
  },
  {
    version: '0.0.9',
    date: '2026-01-15',
    metto: [
      { cn: '账号密码登录与记住密码', en: 'Password sign-in and remembered passwords' },
      {
        cn: '单位登录页配置：页脚与备案信息',
        en: 'Per-unit login page: footer and filing entries',
      },
    ],
  },
];

function shell(name: string): ModuleVersions {
  return {
    packageInfo: {
      name,
      appVersion: PRODUCT_VERSION,
      serverVersion: PRODUCT_VERSION,
      packageDate: RELEASE_DATE,
    },
    server: {
      serverVersion: PRODUCT_VERSION,
      webCodeVersion: PRODUCT_VERSION,
      date: RELEASE_DATE,
    },
    releases: SHELL_RELEASES,
  };
}

export const MODULE_VERSIONS: Readonly<Record<string, ModuleVersions>> = {
  base: shell('base'),
  areaBase: shell('areaBase'),
  // Front end and server agree.
  notice: {
    packageInfo: {
      name: 'notice',
      appVersion: '1.4.2',
      serverVersion: '1.4.0',
      packageDate: '2026-02-20',
    },
    server: { serverVersion: '1.4.3', webCodeVersion: '1.4.0', date: '2026-02-22' },
    releases: [
      {
        version: '1.4.2',
        date: '2026-02-20',
        metto: [{ cn: '通知支持定时发布', en: 'Notices can be published on a schedule' }],
      },
    ],
  },
  // The front end needs a newer server than the one deployed: the client's version alert.
  kcb: {
    packageInfo: {
      name: 'kcb',
      appVersion: '2.1.0',
      serverVersion: '2.1.0',
      packageDate: '2026-02-10',
    },
    server: { serverVersion: '2.0.5', webCodeVersion: '2.0.0', date: '2026-01-05' },
    releases: [
      {
        version: '2.1.0',
        date: '2026-02-10',
        metto: [{ cn: '课程表支持单双周', en: 'Timetables support alternating weeks' }],
      },
    ],
  },
  // No server version interface: the client's missing-interface notice.
  score: {
    packageInfo: {
      name: 'score',
      appVersion: '1.0.3',
      serverVersion: '1.0.0',
      packageDate: '2025-12-01',
    },
    releases: [],
  },
};
