import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  fakeCameraArgs,
  fixture,
  keepScreenshot,
  launchBrowser,
  openPage,
  signIn,
  startServer,
  type OpenedPage,
  type TestServer,
} from './harness';

/**
 * The face widgets end to end: Chromium's fake camera plays a real photograph (Grace Hopper) or
 * a picture with no face (coffee), the reference server recognises faces with a real model.
 */
const MY_FACE = '/pages/base/pc_myFace_all/index.html';
const FACE_CAMERA = fakeCameraArgs(fixture('grace_hopper_640x480_1frame.mjpeg'));
const NO_FACE_CAMERA = fakeCameraArgs(fixture('nonface_coffee_640x480_1frame.mjpeg'));

let server: TestServer;
const browsers = new Map<string, Browser>();
let opened: OpenedPage[] = [];

async function browserWith(name: string, args: string[]): Promise<Browser> {
  const existing = browsers.get(name);
  if (existing) return existing;
  const browser = await launchBrowser(args);
  browsers.set(name, browser);
  return browser;
}

async function open(browser: Browser, pathOrUrl: string): Promise<Page> {
  const url = /^https?:/.test(pathOrUrl) ? pathOrUrl : `${server.url}${pathOrUrl}`;
  const page = await openPage(browser, url);
  opened.push(page);
  return page.page;
}

async function signedIn(browser: Browser, username: string, path = MY_FACE): Promise<Page> {
  const page = await open(browser, '/login');
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  await page.goto(`${server.url}${path}`);
  return page;
}

function card(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title }) });
}

beforeAll(async () => {
  server = await startServer();
});

afterEach(async () => {
  const pages = opened;
  opened = [];
  for (const page of pages) {
    expect(page.errors).toEqual([]);
    await page.context.close();
  }
});

afterAll(async () => {
  for (const browser of browsers.values()) await browser.close();
  await server.close();
});

describe('with a camera showing a face', () => {
  it('collects the photo: take, retake, save, and the reload shows the saved photo', async () => {
    const browser = await browserWith('face', FACE_CAMERA);
    const page = await signedIn(browser, 'teacher01');
    const collect = card(page, '人脸采集');
    await collect.getByText('尚未采集照片').waitFor();
    await collect.getByRole('button', { name: '打开摄像头' }).click();
    // The countdown, then the tracker finds the face in the guide and takes the photo itself.
    await collect.getByText('已拍照，可以保存或重拍').waitFor({ timeout: 20_000 });
    await collect.getByRole('button', { name: '重拍' }).click();
    await collect.getByText('已拍照，可以保存或重拍').waitFor({ state: 'hidden' });
    await collect.getByText('已拍照，可以保存或重拍').waitFor({ timeout: 20_000 });
    await keepScreenshot(page, 'face-collect-captured');
    await collect.getByRole('button', { name: '保存' }).click();
    await page.getByText('人脸采集完成').waitFor();

    await page.reload();
    const again = card(page, '人脸采集');
    await again.getByRole('img', { name: '上次保存的人脸照片' }).waitFor();
    await again.getByText(/^采集时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).waitFor();
    // With a saved photo, retake comes first.
    await again.getByRole('button', { name: '重拍' }).waitFor();
    await keepScreenshot(page, 'face-collect-saved');
  });

  it('signs in by face from the login page', async () => {
    const browser = await browserWith('face', FACE_CAMERA);
    const page = await open(browser, '/login');
    await page.getByRole('button', { name: '刷脸登录' }).click();
    await page.getByRole('heading', { name: '人脸登录' }).first().waitFor();
    // Recognised: status 200, the page reloads and the login check lands on the desktop.
    await page.waitForURL(/pc_desktop_all/, { timeout: 30_000 });
    await page.getByText('欢迎您，王老师').waitFor();
  });

  it('clocks in by face and hands the user over', async () => {
    const browser = await browserWith('face', FACE_CAMERA);
    const page = await signedIn(browser, 'teacher02');
    const clock = card(page, '人脸打卡');
    await clock.getByRole('button', { name: '开始打卡' }).click();
    await clock.getByText('王老师').waitFor({ timeout: 30_000 });
    await clock.getByText('teacher01').waitFor();
    await keepScreenshot(page, 'face-clock-in');
  });
});

describe('with a camera showing no face', () => {
  it('times out after 15 s with click to retry, and tries again on the click', async () => {
    const browser = await browserWith('no-face', NO_FACE_CAMERA);
    const page = await open(browser, '/login');
    await page.getByRole('button', { name: '刷脸登录' }).click();
    const retry = page.getByRole('button', { name: '点击重试' });
    await retry.waitFor({ timeout: 30_000 });
    await page.getByText('人脸检测超时，点击重试').first().waitFor();
    await keepScreenshot(page, 'face-login-timeout');
    await retry.click();
    await page
      .getByText(/秒后开始检测|请将人脸放入框内/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('without a camera', () => {
  it('says there is no camera and collects an uploaded photo instead', async () => {
    const browser = await browserWith('none', []);
    const page = await signedIn(browser, 'teacher02');
    const collect = card(page, '人脸采集');
    await collect.getByRole('button', { name: '打开摄像头' }).click();
    await collect.getByText('当前设备未检测到摄像头设备').waitFor();
    const chooser = page.waitForEvent('filechooser');
    await collect.getByRole('button', { name: '上传照片' }).click();
    await (await chooser).setFiles(fixture('grace_hopper_512.jpg'));
    await collect.getByRole('button', { name: '保存' }).click();
    await page.getByText('人脸采集完成').waitFor();
    await keepScreenshot(page, 'face-collect-upload');
  });

  it('signs in on a plain-http origin that is not localhost, but never opens a camera there', async () => {
    const browser = await browserWith('face', FACE_CAMERA);
    const insecure = `http://school.test:${String(server.port)}`;
    const page = await open(browser, `${insecure}/login`);
    await signIn(page, 'teacher02', DEMO_PASSWORD);
    await page.waitForURL(/index\.html/);
    await page.goto(`${insecure}${MY_FACE}`);
    const collect = card(page, '人脸采集');
    await collect.getByText('摄像头只能在 https 或 localhost 下使用').waitFor();
    await collect.getByRole('button', { name: '上传照片' }).waitFor();
    await expect(collect.getByRole('button', { name: '打开摄像头' }).isDisabled()).resolves.toBe(
      true,
    );
    await keepScreenshot(page, 'face-collect-insecure-origin');
  });
});
