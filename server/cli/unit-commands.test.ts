import { domainToASCII } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import type { UnitLoginConfig } from '../../contract/auth';
import type { ModuleExpiryItem } from '../../contract/desktop';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { runAdmin } from './admin';
import { addUnit, bindHost, grantModule, setUnit, unbindHost } from './unit-commands';

/** The login page's configuration for a host, as the login page asks for it. */
async function loginConfig(t: TestApp, host: string): Promise<UnitLoginConfig> {
  const response = await t.app.inject({ url: API.loginConfig, headers: { host } });
  return response.json<{ data: UnitLoginConfig }>().data;
}

function filings(config: UnitLoginConfig): string[] {
  const set = JSON.parse(config.decorationSet) as {
    footerMsg: { showBaMsg: boolean; baList: { baContent: string; baUrl: string }[] };
  };
  return set.footerMsg.showBaMsg
    ? set.footerMsg.baList.map((entry) => `${entry.baContent} ${entry.baUrl}`)
    : [];
}

describe('add-unit, set-unit, bind-host and unbind-host', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('a new unit answers on its bound host, with its names and filing numbers', async () => {
    const sql = await t.database();
    const added = await addUnit(sql, {
      id: 3001,
      unitType: 2,
      name: ' 明德中学 ',
      enName: 'Mingde School',
    });
    expect(added.lines[0]?.en).toContain('Added unit 3001 明德中学');
    // Not bound yet: the host answers as the default unit.
    expect((await loginConfig(t, 'mingde.example.org')).unitId).toBe('1001');

    const bound = await bindHost(sql, { host: 'Mingde.Example.ORG.', unitId: 3001 });
    expect(bound.changed).toBe(true);
    const fresh = await loginConfig(t, 'mingde.example.org:8443');
    expect(fresh).toMatchObject({
      unitId: '3001',
      unitName: '明德中学',
      unitEnName: 'Mingde School',
      unitType: '2',
      baContent: '',
    });
    expect(filings(fresh)).toEqual([]);
    expect((await bindHost(sql, { host: 'mingde.example.org', unitId: 3001 })).changed).toBe(false);

    await setUnit(sql, {
      unitId: 3001,
      changes: { filingIcp: '浙ICP备20269999号-2', filingPolice: '浙公网安备33010802009999号' },
    });
    const filed = await loginConfig(t, 'mingde.example.org');
    expect(filings(filed)).toEqual([
      '浙ICP备20269999号-2 https://beian.miit.gov.cn/',
      '浙公网安备 33010802009999号 https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=33010802009999',
    ]);
    expect(filed.baContent).toBe('浙公网安备 33010802009999号');

    // One at a time: the other filing stays; '' removes one.
    const renamed = await setUnit(sql, {
      unitId: 3001,
      changes: { name: '明德实验中学', filingIcp: '' },
    });
    expect(renamed.lines[0]?.en).toBe(
      'Changed unit 3001 明德实验中学: name "明德中学" → "明德实验中学"; ICP filing removed.',
    );
    const after = await loginConfig(t, 'mingde.example.org');
    expect(after.unitName).toBe('明德实验中学');
    expect(filings(after)).toEqual([
      '浙公网安备 33010802009999号 https://www.beian.gov.cn/portal/registerSystemInfo?recordcode=33010802009999',
    ]);

    await unbindHost(sql, { host: 'MINGDE.example.org' });
    expect((await loginConfig(t, 'mingde.example.org')).unitId).toBe('1001');
    await expect(unbindHost(sql, { host: 'mingde.example.org' })).rejects.toThrow(
      'No unit is bound to mingde.example.org',
    );
  });

  it('renaming the demo unit renames its footer and copyright too', async () => {
    const sql = await t.database();
    await setUnit(sql, { unitId: 1001, changes: { name: '明德中学', enName: 'Mingde School' } });
    const config = await loginConfig(t, 'localhost');
    expect(JSON.stringify(config)).not.toContain('阳光实验小学');
    expect(JSON.stringify(config)).not.toContain('Sunshine Experimental Primary School');
    expect(config.footer).toBe('明德中学 信息中心|||Mingde School IT Centre');
  });

  it('refuses a host of another unit naming it, and hostile or malformed values, changing nothing', async () => {
    const sql = await t.database();
    await addUnit(sql, { id: 3001, unitType: 2, name: '明德中学', enName: '' });
    await expect(bindHost(sql, { host: 'school.localhost', unitId: 3001 })).rejects.toThrow(
      'school.localhost is bound to unit 1001 阳光实验小学: unbind it first (unbind-host school.localhost)',
    );
    for (const host of [
      'https://mingde.example.org',
      'mingde.example.org:8443',
      'mingde.example.org/login',
      'ming de.example.org',
      '-mingde.example.org',
      '999.1.1.1',
      `${'a'.repeat(64)}.org`,
      '',
    ]) {
      await expect(bindHost(sql, { host, unitId: 3001 }), host).rejects.toThrow(
        'is not a host name',
      );
    }
    // An internationalised name is stored as the Host header carries it.
    expect((await bindHost(sql, { host: '明德.中国', unitId: 3001 })).lines[0]?.en).toContain(
      'Bound xn--',
    );
    expect((await loginConfig(t, domainToASCII('明德.中国'))).unitId).toBe('3001');
    await expect(bindHost(sql, { host: 'mingde.example.org', unitId: 4242 })).rejects.toThrow(
      'There is no unit 4242',
    );
    await expect(addUnit(sql, { id: 3001, unitType: 1, name: 'x', enName: '' })).rejects.toThrow(
      'Unit 3001 明德中学 exists already: change it with set-unit',
    );

    const bad: [Record<string, string>, string][] = [
      [{ name: 'Evil\u202Eloohcs' }, 'control or invisible characters'],
      [{ name: '中学\n<script>' }, 'control or invisible characters'],
      [{ name: 'a|||b' }, '"|||"'],
      [{ name: '校'.repeat(101) }, 'too long: at most 100 characters'],
      [{ name: '   ' }, '--name is empty'],
      [{ filingIcp: '<img src=x onerror=alert(1)>' }, '--filing-icp must be'],
      [{ filingIcp: '浙ICP备20260001号-1'.repeat(20) }, '--filing-icp must be'],
      [{ filingPolice: '浙公网安备 123号' }, '--filing-police must be'],
      [{ name: '新名字', filingPolice: 'javascript:alert(1)' }, '--filing-police must be'],
    ];
    for (const [changes, message] of bad) {
      await expect(setUnit(sql, { unitId: 3001, changes }), message).rejects.toThrow(message);
    }
    await expect(setUnit(sql, { unitId: 3001, changes: {} })).rejects.toThrow('Nothing to change');
    await bindHost(sql, { host: 'mingde.example.org', unitId: 3001 });
    const config = await loginConfig(t, 'mingde.example.org');
    expect(config.unitName).toBe('明德中学');
    expect(filings(config)).toEqual([]);
  });

  it('the command line: zh answers by LANG, exit codes 0, 1 and 2', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdin: process.stdin,
      stdout: { write: (line: string) => out.push(line) } as unknown as NodeJS.WriteStream,
      stderr: { write: (line: string) => err.push(line) } as unknown as NodeJS.WriteStream,
    };
    const env = {
      EDUDESK_DATA_DIR: t.dataDir,
      ...(t.options.databaseUrl === undefined
        ? {}
        : { EDUDESK_DATABASE_URL: t.options.databaseUrl }),
      LANG: 'zh_CN.UTF-8',
    };
    expect(
      await runAdmin(
        ['add-unit', '--id', '3001', '--type', 'area', '--name', '西湖区教育局'],
        env,
        io,
      ),
    ).toBe(0);
    expect(out.join('')).toContain('已添加单位 3001 西湖区教育局（区域（教育局））');
    expect(await runAdmin(['bind-host', 'area.localhost', '--unit', '3001'], env, io)).toBe(1);
    expect(err.join('')).toContain('area.localhost 已绑定到单位 2001 滨江区教育局');
    expect(
      await runAdmin(['add-unit', '--id', 'x', '--type', 'area', '--name', 'y'], env, io),
    ).toBe(2);
    expect(
      await runAdmin(['add-unit', '--id', '3002', '--type', 'city', '--name', 'y'], env, io),
    ).toBe(2);
    expect(await runAdmin(['grant-module', 'base', '--unit', '3001'], env, io)).toBe(2);
    expect(err.join('')).toContain('缺少 --until');
    expect(
      await runAdmin(
        ['bind-host', 'xihu.example.org', '--unit', '3001'],
        { ...env, LANG: 'C' },
        io,
      ),
    ).toBe(0);
    expect(out.join('')).toContain('Bound xihu.example.org to unit 3001 西湖区教育局');
    expect((await loginConfig(t, 'xihu.example.org')).unitType).toBe('1');
  });
});

describe('grant-module', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  /** What the desktop reads: whether a module may open, and the module-expiry table. */
  async function desktopLicences(module: string) {
    const session = await signIn(t.app, 'teacher01');
    const headers = { cookie: session.cookie, host: session.host };
    const licensed = await t.app.inject({
      url: `${DESKTOP_API.licenseUnit}?unitId=1001&serverId=${module}`,
      headers,
    });
    const table = await t.app.inject({ url: `${DESKTOP_API.licenseUnitOam}?unitId=1001`, headers });
    return {
      licensed: licensed.json<{ data: boolean }>().data,
      item: table.json<{ data: ModuleExpiryItem[] }>().data.find((row) => row.code === module),
    };
  }

  it('licenses a module to the end of the day in China time; a past date ends it', async () => {
    const sql = await t.database();
    expect(await desktopLicences('research')).toEqual({ licensed: false, item: undefined });

    const granted = await grantModule(
      sql,
      { module: 'research', unitId: 1001, until: '2027-08-31' },
      { now: t.clock.now },
    );
    expect(granted.lines[0]?.en).toBe(
      'Unit 1001 阳光实验小学 holds a licence for 教研科研 (research) until 2027-08-31 23:59:59 (China time).',
    );
    expect(await desktopLicences('research')).toMatchObject({
      licensed: true,
      item: { name: '教研科研', endTime: '2027-08-31 23:59:59', dqstatus: 1 },
    });

    // A demo licence (its end moving with the clock) becomes a fixed one.
    await grantModule(
      sql,
      { module: 'score', unitId: 1001, until: '2026-02-28' },
      { now: t.clock.now },
    );
    expect(await desktopLicences('score')).toMatchObject({
      licensed: false,
      item: { endTime: '2026-02-28 23:59:59', dqstatus: 3 },
    });
  });

  it('refuses an unknown module, a bad date and an unknown unit', async () => {
    const sql = await t.database();
    const grant = (module: string, until: string, unitId = 1001) =>
      grantModule(sql, { module, unitId, until }, { now: t.clock.now });
    await expect(grant('chess', '2027-01-01')).rejects.toThrow(
      /There is no module "chess" \(modules: .*research/,
    );
    for (const until of [
      '2027-02-29',
      '2027-13-01',
      '2027-1-5',
      '31/08/2027',
      'tomorrow',
      '1999-12-31',
      '',
    ]) {
      await expect(grant('research', until), until).rejects.toThrow(
        '--until must be a date YYYY-MM-DD',
      );
    }
    await expect(grant('research', '2027-01-01', 4242)).rejects.toThrow('There is no unit 4242');
    expect(await desktopLicences('research')).toEqual({ licensed: false, item: undefined });
  });
});
