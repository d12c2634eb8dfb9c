import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, fakeCameraArgs, fixture, signIn, TODO_LOADED } from './harness';
import { e2eSuite } from './suite';

/**
 * axe-core on the pages every user meets, in every language (docs/i18n.md): a serious or
 * critical violation fails the test, which lists each one with the elements it was found on.
 */
const LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

const PHONE_DESKTOP = '/pages/base/mobile_desktop_all/index.html';
const NOTICES = '/pages/notice/pc_tzgg_pre/index.html#/list';
/** Chromium's fake camera plays a picture with no face: the face widget stays live. */
const CAMERA = fakeCameraArgs(fixture('nonface_coffee_640x480_1frame.mjpeg'));
const FACE_SIGN_IN = /^(刷脸登录|人臉登入|Sign in with your face)$/;

const suite = e2eSuite();

/**
 * Waits until no finite animation or transition runs (a dialog fading in is measured with the
 * colours it ends with, not halfway).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** The violations a user is hurt by (axe's "serious" and "critical"), readable in a diff. */
async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const checks = [...node.any, ...node.all, ...node.none].map((check) => check.message);
        return `${violation.id} (${String(violation.impact)}) at ${node.target.join(' ')}: ${checks.join('; ')}`;
      }),
    );
}

async function signedIn(lang: Lang, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang);
  await page.setViewportSize(viewport);
  await signIn(page, 'teacher01', DEMO_PASSWORD);
  await page.waitForURL(/index\.html/);
  return page;
}

/**
 * The desktop's application buttons have drawn (its region is named "My desktop"), and the
 * to-do panel that opens by itself after them (teacher01 has to-dos) has its list: checked
 * earlier, the panel would slide in while axe reads the page, its colours halfway.
 */
async function desktopReady(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: /^(我的桌面|My desktop)$/ })
    .getByRole('button')
    .first()
    .waitFor();
  await page.getByRole('dialog', { name: TODO_LOADED }).waitFor();
}

/** Face sign-in with a camera that takes 60 s to answer: the widget stays in its opening phase. */
async function faceSignInOpening(lang: Lang): Promise<Page> {
  const { page } = await suite.open(`/login?lang=${lang}`, lang, CAMERA);
  await page.context().addInitScript(() => {
    const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) =>
      new Promise((resolve) => setTimeout(resolve, 60_000)).then(() => open(constraints));
  });
  await page.reload();
  await page.getByRole('button', { name: FACE_SIGN_IN }).click();
  await page.locator('section[data-face-phase="opening"]').waitFor();
  return page;
}

/**
 * The contrast of a button's text on its fill (laid over the first opaque background behind it):
 * axe leaves disabled controls out, a user still reads them.
 */
function buttonContrast(button: Locator): Promise<number> {
  return button.evaluate((element) => {
    const rgba = (value: string) => {
      const parts = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r: parts[0] ?? 0, g: parts[1] ?? 0, b: parts[2] ?? 0, a: parts[3] ?? 1 };
    };
    const over = (top: ReturnType<typeof rgba>, under: ReturnType<typeof rgba>) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
      a: 1,
    });
    let behind = { r: 255, g: 255, b: 255, a: 1 };
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor);
      if (colour.a === 1) {
        behind = colour;
        break;
      }
    }
    const fill = over(rgba(getComputedStyle(element).backgroundColor), behind);
    const text = over(rgba(getComputedStyle(element).color), fill);
    const luminance = (colour: ReturnType<typeof rgba>) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b);
    };
    const [light, dark] = [luminance(fill), luminance(text)].sort((a, b) => b - a);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  });
}

const PAGES: [string, (lang: Lang) => Promise<Page>][] = [
  [
    'the login page',
    async (lang) => {
      const { page } = await suite.open(`/login?lang=${lang}`, lang);
      await page.getByPlaceholder(/请输入账号|請輸入賬號|Please enter account number/).waitFor();
      return page;
    },
  ],
  [
    'the desktop',
    async (lang) => {
      const page = await signedIn(lang);
      await desktopReady(page);
      return page;
    },
  ],
  [
    'the face sign-in widget, its camera opening',
    async (lang) => {
      const { page } = await suite.open(`/login?lang=${lang}`, lang, CAMERA);
      await page.getByRole('button', { name: FACE_SIGN_IN }).click();
      // Measured while the camera comes on: the Sign in button turns on meanwhile.
      await page.locator('section[data-face-phase]').waitFor();
      return page;
    },
  ],
  [
    'the face sign-in widget, its camera slow to open',
    async (lang) => {
      const page = await faceSignInOpening(lang);
      return page;
    },
  ],
  [
    'the face sign-in widget, its camera on',
    async (lang) => {
      const { page } = await suite.open(`/login?lang=${lang}`, lang, CAMERA);
      await page.getByRole('button', { name: FACE_SIGN_IN }).click();
      await page.locator('section[data-face-phase="tracking"]').waitFor();
      return page;
    },
  ],
  [
    'the face sign-in widget, no camera',
    async (lang) => {
      const { page } = await suite.open(`/login?lang=${lang}`, lang);
      await page.getByRole('button', { name: FACE_SIGN_IN }).click();
      await page
        .locator('section[data-face-phase="failed"], section[data-face-phase="ready"]')
        .waitFor();
      return page;
    },
  ],
  [
    'the phone desktop',
    async (lang) => {
      const page = await signedIn(lang, { width: 390, height: 844 });
      await page.goto(`${suite.server.url}${PHONE_DESKTOP}`);
      await desktopReady(page);
      return page;
    },
  ],
  [
    'the Notices page',
    async (lang) => {
      const page = await signedIn(lang);
      await page.goto(`${suite.server.url}${NOTICES}`);
      await page.locator('tbody tr.ant-table-row').first().waitFor();
      return page;
    },
  ],
];

describe.each(LANGUAGES)('accessibility in %s', (lang) => {
  for (const [name, open] of PAGES) {
    it(`${name} has no serious or critical violation`, async () => {
      const page = await open(lang);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

describe('the face sign-in widget while its camera opens', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: its disabled Sign in button still reads (4.5:1)`, async () => {
      const page = await faceSignInOpening(lang);
      const submit = page
        .locator('section[data-face-phase]')
        .getByRole('button', { name: /^(登录|登入|Sign in)$/ });
      await expect.poll(() => submit.isDisabled()).toBe(true);
      await settled(page);
      expect(await buttonContrast(submit)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
