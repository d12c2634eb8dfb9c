import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, fakeCameraArgs, fixture, keepScreenshot, signIn } from './harness';
import { e2eSuite } from './suite';

/**
 * The face widgets end to end: Chromium's fake camera plays a real photograph (Grace Hopper) or
 * a picture with no face (coffee), the reference server recognises faces with a real model.
 */
const MY_FACE = '/pages/base/pc_myFace_all/index.html';
const FACE_CAMERA = fakeCameraArgs(fixture('grace_hopper_640x480_1frame.mjpeg'));
const NO_FACE_CAMERA = fakeCameraArgs(fixture('nonface_coffee_640x480_1frame.mjpeg'));
/** Chromium as launched for every suite: no camera device at all. */
const NO_CAMERA: string[] = [];

const suite = e2eSuite();

async function open(camera: readonly string[], pathOrUrl: string): Promise<Page> {
  return (await suite.open(pathOrUrl, undefined, camera)).page;
}

async function signedIn(camera: readonly string[], username: string): Promise<Page> {
  const page = await open(camera, '/login');
  await signIn(page, username, DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  await page.goto(`${suite.server.url}${MY_FACE}`);
  return page;
}

function card(page: Page, title: string) {
  return page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: title }) });
}

describe('with a camera showing a face', () => {
  it('collects the photo: take, retake, save, and the reload shows the saved photo', async () => {
    const page = await signedIn(FACE_CAMERA, 'teacher01');
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
    const page = await open(FACE_CAMERA, '/login');
    await page.getByRole('button', { name: '刷脸登录' }).click();
    await page.getByRole('heading', { name: '人脸登录' }).first().waitFor();
    // Recognised: status 200, the page reloads and the login check lands on the desktop.
    await page.waitForURL(/pc_desktop_all/, { timeout: 30_000 });
    await page.getByText('欢迎您，王老师').waitFor();
  });

  it('clocks in by face and hands the user over', async () => {
    const page = await signedIn(FACE_CAMERA, 'teacher02');
    const clock = card(page, '人脸打卡');
    await clock.getByRole('button', { name: '开始打卡' }).click();
    await clock.getByText('王老师').waitFor({ timeout: 30_000 });
    await clock.getByText('teacher01').waitFor();
    await keepScreenshot(page, 'face-clock-in');
  });
});

describe('with a camera showing no face', () => {
  it('times out after 15 s with click to retry, and tries again on the click', async () => {
    const page = await open(NO_FACE_CAMERA, '/login');
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
    const page = await signedIn(NO_CAMERA, 'teacher02');
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
    const insecure = `http://school.test:${String(suite.server.port)}`;
    const page = await open(FACE_CAMERA, `${insecure}/login`);
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
