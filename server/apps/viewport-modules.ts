import { createHash } from 'node:crypto';
import { VIEWPORT_FILE_ATTRIBUTE, VIEWPORT_REGISTRY_GLOBAL } from '../../contract/desktop-codes';

/**
 * The two demo modules the viewport loads (spec §2 viewport, §7 module scripts): each has a
 * manifest at /{app}/manifest.json naming a script and a style by fileId. The script mounts
 * itself into the element marked data-viewport-file="<fileId>" and registers mount/unmount in
 * window.edudeskViewport for later re-mounts (see contract/desktop-codes.ts).
 */
export interface ViewportModule {
  /** The `app` of the manifest path. */
  app: string;
  fileId: string;
  script: string;
  style: string;
}

function moduleScript(fileId: string, body: string): string {
  return `(() => {
  'use strict';
  const FILE_ID = ${JSON.stringify(fileId)};
  const SELECTOR = '[${VIEWPORT_FILE_ATTRIBUTE}="' + FILE_ID + '"]';
  const el = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
${body}
  const registry = (window[${JSON.stringify(VIEWPORT_REGISTRY_GLOBAL)}] =
    window[${JSON.stringify(VIEWPORT_REGISTRY_GLOBAL)}] || {});
  registry[FILE_ID] = { mount, unmount };
  const target = document.querySelector(SELECTOR);
  if (target) mount(target);
})();
`;
}

// The notice board lists the caller's unread notices from the desktop's message call.
const NOTICE_BOARD = moduleScript(
  'notice-board',
  `  const render = (root, items, note) => {
    root.replaceChildren();
    const box = el('section', 'nb');
    box.append(el('h2', 'nb__title', '通知公告 · Notices'));
    if (note) box.append(el('p', 'nb__note', note));
    const list = el('ul', 'nb__list');
    for (const item of items) {
      const row = el('li', 'nb__item');
      row.append(el('span', 'nb__text', item.messageMeno), el('time', 'nb__date', item.messageDate));
      list.append(row);
    }
    box.append(list);
    root.append(box);
  };
  const mount = (root) => {
    render(root, [], '正在加载… · Loading…');
    fetch('/api/base/desktop/message_select_not_read', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      .then((response) => response.json())
      .then((answer) => {
        const all = answer && answer.status === 200 && Array.isArray(answer.data) ? answer.data : [];
        const notices = all.filter((item) => item.module === '通知公告').slice(0, 6);
        render(root, notices, notices.length === 0 ? '暂无未读通知 · No unread notices' : '');
      })
      .catch(() => render(root, [], '加载失败 · Loading failed'));
  };
  const unmount = (root) => root.replaceChildren();`,
);

const NOTICE_BOARD_STYLE = `[${VIEWPORT_FILE_ATTRIBUTE}="notice-board"] .nb{padding:16px 20px;background:#fff;border-radius:8px}
[${VIEWPORT_FILE_ATTRIBUTE}="notice-board"] .nb__title{margin:0 0 12px;font-size:18px;color:#d9480f}
[${VIEWPORT_FILE_ATTRIBUTE}="notice-board"] .nb__note{color:#5b6472}
[${VIEWPORT_FILE_ATTRIBUTE}="notice-board"] .nb__list{list-style:none;margin:0;padding:0}
[${VIEWPORT_FILE_ATTRIBUTE}="notice-board"] .nb__item{display:flex;justify-content:space-between;gap:16px;padding:8px 0;border-bottom:1px solid #eef0f4}
[${VIEWPORT_FILE_ATTRIBUTE}="notice-board"] .nb__date{color:#5b6472;white-space:nowrap;font-size:13px}
`;

// The timetable draws this week's lessons and marks today's column.
const TIMETABLE = moduleScript(
  'timetable',
  `  const DAYS = ['周一 Mon', '周二 Tue', '周三 Wed', '周四 Thu', '周五 Fri'];
  const LESSONS = [
    ['语文', '数学', '英语', '语文', '数学'],
    ['数学', '语文', '科学', '数学', '英语'],
    ['英语', '体育', '语文', '美术', '语文'],
    ['音乐', '科学', '数学', '体育', '班会'],
  ];
  const mount = (root) => {
    root.replaceChildren();
    const today = new Date().getDay() - 1;
    const box = el('section', 'tt');
    box.append(el('h2', 'tt__title', '课程表 · Timetable'));
    const table = el('table', 'tt__table');
    const head = el('tr');
    head.append(el('th', '', '节次 Period'));
    DAYS.forEach((day, index) => {
      const cell = el('th', index === today ? 'tt__today' : '', day);
      cell.scope = 'col';
      head.append(cell);
    });
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    LESSONS.forEach((row, period) => {
      const tr = el('tr');
      const th = el('th', '', String(period + 1));
      th.scope = 'row';
      tr.append(th);
      row.forEach((lesson, index) => tr.append(el('td', index === today ? 'tt__today' : '', lesson)));
      tbody.append(tr);
    });
    table.append(thead, tbody);
    box.append(table);
    root.append(box);
  };
  const unmount = (root) => root.replaceChildren();`,
);

const TIMETABLE_STYLE = `[${VIEWPORT_FILE_ATTRIBUTE}="timetable"] .tt{padding:16px 20px;background:#fff;border-radius:8px}
[${VIEWPORT_FILE_ATTRIBUTE}="timetable"] .tt__title{margin:0 0 12px;font-size:18px;color:#b26b00}
[${VIEWPORT_FILE_ATTRIBUTE}="timetable"] .tt__table{border-collapse:collapse;width:100%}
[${VIEWPORT_FILE_ATTRIBUTE}="timetable"] th,[${VIEWPORT_FILE_ATTRIBUTE}="timetable"] td{border:1px solid #e3e6ec;padding:8px;text-align:center}
[${VIEWPORT_FILE_ATTRIBUTE}="timetable"] thead th{background:#fff7e6}
[${VIEWPORT_FILE_ATTRIBUTE}="timetable"] .tt__today{background:#ffe8cc;font-weight:600}
`;

export const VIEWPORT_MODULES: readonly ViewportModule[] = [
  { app: 'notice', fileId: 'notice-board', script: NOTICE_BOARD, style: NOTICE_BOARD_STYLE },
  { app: 'kcb', fileId: 'timetable', script: TIMETABLE, style: TIMETABLE_STYLE },
];

export interface ViewportAsset {
  path: string;
  body: string;
  contentType: string;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** A module's two assets under content-hashed names (cacheable for ever) and its manifest. */
export function viewportFiles(module: ViewportModule): {
  manifestPath: string;
  manifest: Record<string, string>;
  assets: ViewportAsset[];
} {
  const base = `/${module.app}/assets/${module.fileId}`;
  const script = {
    path: `${base}.${hashOf(module.script)}.js`,
    body: module.script,
    contentType: 'text/javascript; charset=utf-8',
  };
  const style = {
    path: `${base}.${hashOf(module.style)}.css`,
    body: module.style,
    contentType: 'text/css; charset=utf-8',
  };
  return {
    manifestPath: `/${module.app}/manifest.json`,
    manifest: { [`${module.fileId}.js`]: script.path, [`${module.fileId}.css`]: style.path },
    assets: [script, style],
  };
}
