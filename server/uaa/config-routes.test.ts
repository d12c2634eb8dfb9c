import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DecorationSetSchema,
  UnitLoginConfigSchema,
  type UnitLoginConfig,
} from '../../contract/auth';
import type { ApiEnvelope } from '../../contract/envelope';
import { envelopeSchema } from '../../contract/envelope-schema';
import { createTestApp, type TestApp } from '../testing/test-app';

const CONFIG = '/api/uaa/oauth/login/config';
const UNIT_CONFIG = '/api/uaa/oauth/login/unit_config';

describe('login configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function configFor(url: string, host = 'localhost:8080'): Promise<UnitLoginConfig> {
    const response = await t.app.inject({ url, headers: { host } });
    expect(response.statusCode).toBe(200);
    const body = response.json<ApiEnvelope<UnitLoginConfig>>();
    expect(Value.Check(envelopeSchema(UnitLoginConfigSchema), body)).toBe(true);
    expect(body).toMatchObject({ status: 200, code: 'ok' });
    return body.data;
  }

  it("answers the school's configuration on localhost, without a session", async () => {
    const config = await configFor(CONFIG);
    expect(config).toMatchObject({
      unitId: '1001',
      unitName: '阳光实验小学',
      unitEnName: 'Sunshine Experimental Primary School',
      unitType: '2',
      unitImgPath: '/api/storage/show/unit/1001',
      link: 'https://www.example.edu.cn/',
      helpCenter: true,
    });
    expect(config.footer).not.toBe('');
    const decoration: unknown = JSON.parse(config.decorationSet);
    expect(Value.Check(DecorationSetSchema, decoration)).toBe(true);
    expect(decoration).toMatchObject({
      defaultLanguage: 'zh-CN',
      themeList: [],
      footerMsg: {
        show: true,
        helpCenter: true,
        conectNZ: false,
        showBaMsg: true,
        copyright: '© 2026 阳光实验小学',
        baList: [
          {
            baUrl: 'https://beian.miit.gov.cn/',
            baImg: '',
            baContent: '浙ICP备20260001号-1',
            showImg: false,
          },
          {
            baUrl: 'https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=33010802000001',
            baImg: '/api/storage/show/filing/police',
            baContent: '浙公网安备 33010802000001号',
            showImg: true,
          },
        ],
      },
    });
  });

  it('selects the unit by the request host', async () => {
    expect((await configFor(CONFIG, 'area.localhost:8080')).unitId).toBe('2001');
    expect((await configFor(CONFIG, 'SCHOOL.localhost')).unitId).toBe('1001');
    expect((await configFor(CONFIG, '127.0.0.1:8080')).unitId).toBe('1001');
  });

  it('prefers the url parameter, as a bare host or a full URL', async () => {
    expect((await configFor(`${CONFIG}?url=area.localhost`)).unitId).toBe('2001');
    expect((await configFor(`${CONFIG}?url=area.localhost:8080`)).unitId).toBe('2001');
    const full = encodeURIComponent('http://area.localhost:8080/login?redirect_uri=/x');
    const bureau = await configFor(`${CONFIG}?url=${full}`);
    expect(bureau).toMatchObject({
      unitId: '2001',
      unitName: '滨江区教育局',
      unitEnName: 'Binjiang District Education Bureau',
      unitType: '1',
      unitImgPath: '/api/storage/show/unit/2001',
    });
    expect(JSON.parse(bureau.decorationSet)).toMatchObject({ defaultLanguage: 'zh-CN' });
    expect((await configFor(`${CONFIG}?url=`, 'area.localhost')).unitId).toBe('2001');
  });

  it('falls back to the default unit for unknown or unparsable hosts', async () => {
    expect((await configFor(CONFIG, 'unknown.example.org')).unitId).toBe('1001');
    expect((await configFor(`${CONFIG}?url=unknown.example.org`)).unitId).toBe('1001');
    expect((await configFor(`${CONFIG}?url=${encodeURIComponent('::bad::')}`)).unitId).toBe('1001');
  });

  it('refuses an oversized url parameter', async () => {
    const response = await t.app.inject({ url: `${CONFIG}?url=${'a'.repeat(300)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_request',
      fieldErrors: [{ field: 'url' }],
    });
  });

  it('answers unit_config by id', async () => {
    expect((await configFor(`${UNIT_CONFIG}?unitId=2001`)).unitName).toBe('滨江区教育局');
    expect((await configFor(`${UNIT_CONFIG}?unitId=1001`)).unitName).toBe('阳光实验小学');
  });

  it('answers an unknown unit with a 200-wrapped not_found', async () => {
    const response = await t.app.inject({ url: `${UNIT_CONFIG}?unitId=9999` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: '单位不存在|||Unit not found',
      data: null,
      fieldErrors: [],
    });
  });

  it.each(['', '?unitId=', '?unitId=abc', '?unitId=1%20OR%201=1'])(
    'refuses unit_config%s with a 400 envelope',
    async (query) => {
      const response = await t.app.inject({ url: `${UNIT_CONFIG}${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 400,
        code: 'invalid_request',
        fieldErrors: [{ field: 'unitId' }],
      });
    },
  );
});
