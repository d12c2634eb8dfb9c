import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  DEMO_PASSWORD,
  fakeCameraArgs,
  fixture,
  keepScreenshot,
  signIn,
} from './harness';
import { e2eSuite } from './suite';

/**
 * The face widgets as a user sees them on common screens (docs/face.md): the camera view and
 * the buttons that act on it are on screen together, below the sticky header, and the pages
 * speak the chosen language. Chromium's fake camera plays a picture with no face (coffee), so
 * the camera stays open.
 */
const MY_FACE = '/pages/base/pc_myFace_all/index.html';
const CAMERA = fakeCameraArgs(fixture('nonface_coffee_640x480_1frame.mjpeg'));
const LAPTOP = { width: 1280, height: 720 };
const SIZES = [
  LAPTOP,
  { width: 1920, height: 1080 },
  { width: 800, height: 600 },
  { width: 390, height: 844 },
];

const suite = e2eSuite();

/** Polls until the value matches (the default 1 s of expect.poll is too short on a loaded machine). */
function eventually<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 20_000 });
}

/**
 * Whether the element is wholly on screen at the page's current scroll position, below `top`
 * (the bottom of a sticky header): what the user sees without scrolling by hand.
 */
async function onScreen(page: Page, element: Locator, top = 0): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.y >= top - 0.5 &&
    box.y + box.height <= viewport.height + 0.5 &&
    box.x >= -0.5 &&
    box.x + box.width <= viewport.width + 0.5
  );
}

/** The bottom of the shell's sticky header. */
async function headerBottom(page: Page): Promise<number> {
  const box = await page.getByRole('banner').boundingBox();
  return box ? box.y + box.height : 0;
}

/** The screen as the user sees it (the viewport, not the whole page). */
async function keepViewport(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${path.join(ARTIFACTS, name)}.png` });
}

async function faceLogin(lang: string, size = LAPTOP): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang, CAMERA);
  await page.setViewportSize(size);
  await page.getByRole('button', { name: /^(刷脸登录|人臉登入|Sign in with your face)$/ }).click();
  return page;
}

async function myFace(lang: string, size = LAPTOP): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang, CAMERA);
  await page.setViewportSize(size);
  await signIn(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  await page.goto(`${suite.server.url}${MY_FACE}`);
  return page;
}

function card(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title }) });
}

describe('face sign-in on a 1280×720 screen', () => {
  it('shows the camera view with its Log in and Cancel buttons, nothing cut off', async () => {
    const page = await faceLogin('zh-CN');
    const video = page.getByRole('region', { name: '人脸登录' }).getByLabel('摄像头实时画面');
    await video.waitFor();
    for (const element of [
      video,
      page.getByRole('button', { name: '登录', exact: true }),
      page.getByRole('button', { name: '取消', exact: true }),
    ]) {
      await eventually(() => onScreen(page, element)).toBe(true);
    }
    await keepViewport(page, 'face-screens-login-1280x720');
  });

  it('says 人臉登入 in zh-HK, like its other sign-in texts', async () => {
    const page = await faceLogin('zh-HK');
    const widget = page.getByRole('region', { name: '人臉登入' });
    await page.getByRole('heading', { name: '人臉登入' }).waitFor();
    await widget.getByRole('button', { name: '登入', exact: true }).waitFor();
    await page.getByRole('button', { name: '使用賬號密碼登入' }).waitFor();
    const shown = await page.locator('body').innerText();
    expect(shown).not.toMatch(/刷臉|人臉登錄/);
    await keepViewport(page, 'face-screens-login-zh-HK-1280x720');
  });

  it('says "Sign in" in English, never "Log in"', async () => {
    const page = await faceLogin('en');
    const widget = page.getByRole('region', { name: 'Sign in with your face' });
    await page.getByRole('heading', { name: 'Sign in with your face' }).waitFor();
    await widget.getByLabel('Live camera view').waitFor();
    await eventually(() =>
      onScreen(page, widget.getByRole('button', { name: 'Sign in', exact: true })),
    ).toBe(true);
    await eventually(() =>
      onScreen(page, widget.getByRole('button', { name: 'Cancel', exact: true })),
    ).toBe(true);
    await expect(page.locator('body').innerText()).resolves.not.toMatch(
      /log\s*in|face sign-in|face login/i,
    );
  });
});

describe('collecting a face photo on a 1280×720 screen', () => {
  it('keeps the camera view and its buttons in sight, below the sticky header', async () => {
    const page = await myFace('zh-CN');
    const collect = card(page, '人脸采集');
    // The button is below the fold: the user scrolls to it (Playwright does) and presses it.
    await collect.getByRole('button', { name: '打开摄像头' }).click();
    const video = collect.getByLabel('摄像头实时画面');
    await video.waitFor();
    const top = await headerBottom(page);
    expect(top).toBeGreaterThan(0);
    await eventually(() => onScreen(page, video, top)).toBe(true);
    for (const name of ['拍照', '重拍', '保存', '关闭']) {
      await eventually(() => onScreen(page, collect.getByRole('button', { name }), top)).toBe(true);
    }
    await keepViewport(page, 'face-screens-collect-1280x720');
  });
});

describe('the face page in every language', () => {
  for (const [lang, texts, foreign] of [
    [
      'zh-CN',
      { title: '我的人脸', collect: '人脸采集', clockIn: '人脸打卡', start: '开始打卡' },
      ['我的人臉', 'My face'],
    ],
    [
      'en',
      {
        title: 'My face',
        collect: 'Face photo',
        clockIn: 'Clock in by face',
        start: 'Start clocking in',
      },
      ['我的人脸', '人脸采集', '人脸打卡', '开始打卡'],
    ],
    [
      'zh-HK',
      { title: '我的人臉', collect: '人臉採集', clockIn: '人臉打卡', start: '開始打卡' },
      ['我的人脸', '人脸采集', '开始打卡'],
    ],
  ] as const) {
    it(`is in ${lang}: titles, cards and the clock-in button`, async () => {
      const page = await myFace(lang);
      await page.getByRole('heading', { level: 1, name: texts.title }).waitFor();
      await card(page, texts.collect).waitFor();
      await card(page, texts.clockIn).getByRole('button', { name: texts.start }).waitFor();
      const shown = await page.locator('body').innerText();
      for (const text of foreign) expect(shown).not.toContain(text);
      // The browser tab names the page first, then the unit: its English name in English, in
      // Traditional characters in zh-HK (docs/i18n.md, "Server texts in zh-HK").
      const unit = {
        'zh-CN': '阳光实验小学',
        en: 'Sunshine Experimental Primary School',
        'zh-HK': '陽光實驗小學',
      }[lang];
      await eventually(() => page.title()).toBe(`${texts.title} · ${unit}`);
      await keepScreenshot(page, `face-screens-my-face-${lang}`);
    });
  }
});

describe('the camera view and its buttons at every screen size', () => {
  for (const size of SIZES) {
    const label = `${String(size.width)}x${String(size.height)}`;
    it(`face sign-in and photo collection at ${label}`, async () => {
      const login = await faceLogin('en', size);
      const widget = login.getByRole('region', { name: 'Sign in with your face' });
      await widget.getByLabel('Live camera view').waitFor();
      for (const name of ['Sign in', 'Cancel']) {
        await eventually(() =>
          onScreen(login, widget.getByRole('button', { name, exact: true })),
        ).toBe(true);
      }
      await keepViewport(login, `face-screens-login-en-${label}`);

      const page = await myFace('en', size);
      const collect = card(page, 'Face photo');
      await collect.getByRole('button', { name: 'Open camera' }).click();
      await collect.getByLabel('Live camera view').waitFor();
      const top = await headerBottom(page);
      for (const name of ['Take photo', 'Retake', 'Save', 'Close']) {
        await eventually(() => onScreen(page, collect.getByRole('button', { name }), top)).toBe(
          true,
        );
      }
      await keepViewport(page, `face-screens-collect-en-${label}`);
    });
  }
});
