import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../contract/api-paths';
import { FACE_CODES } from '../../../contract/face';
import { featureTestSetup } from '../../../tests/support/feature-test';
import { reply } from '../../../tests/support/route-server';
import { configureHttp } from '../http/hooks';
import { i18n } from '../i18n/instance';
import {
  checkFace,
  faceClocking,
  faceLogin,
  fetchFaceRecord,
  formatRegisterTime,
  savedRegisterTime,
  USER_ID_NOT_FIND,
} from './face-api';

const server = featureTestSetup({});
const { routes, received } = server;

const ok = (data: unknown) => ({ status: 200, message: 'ok', code: 'ok', data, fieldErrors: [] });
const refused = (message: string, code: string = FACE_CODES.notRecognised) => ({
  status: 400,
  message,
  code,
  data: null,
  fieldErrors: [],
});

const notify = vi.fn();
beforeEach(() => {
  notify.mockReset();
  configureHttp({ notify });
});

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

function noToasts() {
  expect(notify).not.toHaveBeenCalled();
}

describe('face calls (spec §7): they skip the global error interceptor', () => {
  it('face login posts faceImage without the data prefix and answers the data on 200', async () => {
    routes.set(`POST ${API.faceLogin}`, (_request, response) => {
      reply(response, 200, ok({ unitId: '1001' }));
    });
    await expect(faceLogin('/9j/4AAQ')).resolves.toEqual({ ok: true, data: { unitId: '1001' } });
    const [call] = received;
    expect(call?.method).toBe('POST');
    expect(new URLSearchParams(call?.body).get('faceImage')).toBe('/9j/4AAQ');
  });

  it("answers the server's message in the current language, with no toast", async () => {
    routes.set(`POST ${API.faceLogin}`, (_request, response) => {
      reply(response, 200, refused('未识别到人脸|||Face not recognised'));
    });
    await expect(faceLogin('QUJD')).resolves.toMatchObject({
      ok: false,
      message: '未识别到人脸',
      code: FACE_CODES.notRecognised,
    });
    await i18n.changeLanguage('en');
    await expect(faceLogin('QUJD')).resolves.toMatchObject({ message: 'Face not recognised' });
    noToasts();
  });

  it('an HTTP error with an envelope gives its message; without one, the status', async () => {
    routes.set(`POST ${API.faceClocking}`, (_request, response) => {
      reply(response, 413, refused('图片过大|||Image too large', FACE_CODES.invalidImage));
    });
    await expect(faceClocking('QUJD')).resolves.toMatchObject({
      ok: false,
      message: '图片过大',
      status: 400,
    });
    routes.set(`POST ${API.faceClocking}`, (_request, response) => {
      response.writeHead(502, 'Bad Gateway', { 'content-type': 'text/html' });
      response.end('<html></html>');
    });
    await expect(faceClocking('QUJD')).resolves.toMatchObject({
      ok: false,
      message: '502 Bad Gateway',
      status: 502,
    });
    noToasts();
  });

  it('clock-in hands the data back as user info', async () => {
    const user = {
      userId: '7',
      userName: 'teacher01',
      realName: '张老师',
      unitId: '1001',
      clockTime: '2026-03-01 08:00:00',
    };
    routes.set(`POST ${API.faceClocking}`, (_request, response) => {
      reply(response, 200, ok(user));
    });
    await expect(faceClocking('QUJD')).resolves.toEqual({ ok: true, data: user });
  });

  it('check posts faceImage and userId', async () => {
    routes.set(`POST ${API.faceCheck}`, (_request, response) => {
      reply(response, 200, ok(null));
    });
    await expect(checkFace('QUJD', ' 7 ')).resolves.toEqual({ ok: true, data: null });
    const body = new URLSearchParams(received[0]?.body);
    expect(body.get('faceImage')).toBe('QUJD');
    expect(body.get('userId')).toBe('7');
  });

  it('the stored photo: data.faceImage, registerTime, userId; none yet is null', async () => {
    const record = { faceImage: 'QUJD', registerTime: '2026-03-01 08:00:00', userId: '7' };
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, ok(record));
    });
    await expect(fetchFaceRecord('7')).resolves.toEqual({ ok: true, data: record });
    expect(received[0]?.query.get('userId')).toBe('7');

    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, ok(null));
    });
    await expect(fetchFaceRecord('7')).resolves.toEqual({ ok: true, data: null });
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, refused('未采集|||Not enrolled', FACE_CODES.notEnrolled));
    });
    await expect(fetchFaceRecord('7')).resolves.toEqual({ ok: true, data: null });
    // Not visible to this caller: no saved photo to show (saving may still be allowed).
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 200, refused('无权访问|||Forbidden', FACE_CODES.forbidden));
    });
    await expect(fetchFaceRecord('7')).resolves.toEqual({ ok: true, data: null });
    routes.set(`GET ${API.faceUser}`, (_request, response) => {
      reply(response, 500, refused('服务器内部错误|||Server internal error!', 'internal'));
    });
    await expect(fetchFaceRecord('7')).resolves.toMatchObject({
      ok: false,
      message: '服务器内部错误',
    });
    noToasts();
  });

  it("raises 'userId is not find' without a userId, before any request", () => {
    expect(() => checkFace('QUJD', '')).toThrow(USER_ID_NOT_FIND);
    expect(USER_ID_NOT_FIND).toBe('userId is not find');
    return expect(fetchFaceRecord('  '))
      .rejects.toThrow('userId is not find')
      .then(() => {
        expect(received).toHaveLength(0);
      });
  });

  it('a network failure answers the client’s own message', async () => {
    const { httpInstance } = await import('../http/client');
    httpInstance.defaults.baseURL = 'http://127.0.0.1:1';
    await expect(faceLogin('QUJD')).resolves.toMatchObject({ ok: false, status: 0 });
    noToasts();
  });
});

describe('registerTime of a photo just saved', () => {
  it("is the server's when it answers one, else now as 'YYYY-MM-DD HH:mm:ss'", () => {
    const now = new Date(2026, 2, 1, 8, 5, 9);
    expect(formatRegisterTime(now)).toBe('2026-03-01 08:05:09');
    expect(savedRegisterTime({ registerTime: '2026-01-01 00:00:00' }, now)).toBe(
      '2026-01-01 00:00:00',
    );
    expect(savedRegisterTime(null, now)).toBe('2026-03-01 08:05:09');
  });
});
