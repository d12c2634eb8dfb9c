import type { Sql } from './sql';
import { STANDIN_DEMO } from '../social-standin/index';
import { SEED_USERS } from './seed-data';

/** The demo school's third-party sign-in, against the stand-in providers (docs/social-login.md). */
const DEMO_UNIT_ID = 1001;
/** The providers' logos, served with the web build (renderer/public/common/social). */
const WEIXIN_LOGO = '/common/social/weixin.svg';

/** Which demo identity is linked to which demo account; the third is linked to nobody. */
const DEMO_LINKS: Record<string, string> = {
  'linked-teacher01': 'teacher01',
  'linked-parent01': 'parent01',
};

/**
 * Seeds unit 1001's providers (WeChat website QR login, the WeChat official account, WeCom with
 * its agent id) with the stand-ins' app ids and secrets, and links two demo identities (by
 * WeChat unionid and WeCom userid) to teacher01 and parent01.
 */
export async function seedSocialDemo(sql: Sql, now: number): Promise<void> {
  const insertProvider = `INSERT INTO social_providers (unit_id, provider_id, kind, app_id, app_secret, agent_id, name,
       logo, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  const website = STANDIN_DEMO.weixinApps.find((app) => app.kind === 'website');
  const account = STANDIN_DEMO.weixinApps.find((app) => app.kind === 'official-account');
  const corp = STANDIN_DEMO.wecomCorps[0];
  if (!website || !account || !corp) throw new Error('the stand-in demo data is incomplete');
  const providers: [
    id: string,
    appId: string,
    secret: string,
    agentId: string,
    name: string,
    logo: string,
  ][] = [
    ['weixin', website.appId, website.appSecret, '', '微信|||WeChat', WEIXIN_LOGO],
    [
      'weixin_mp',
      account.appId,
      account.appSecret,
      '',
      '微信公众号|||WeChat Official Account',
      WEIXIN_LOGO,
    ],
    [
      'wecom',
      corp.corpId,
      corp.corpSecret,
      corp.agentId,
      '企业微信|||WeCom',
      '/common/social/wecom.svg',
    ],
  ];
  for (const [index, [id, appId, secret, agentId, name, logo]] of providers.entries()) {
    // The provider id is also its kind here.
    await sql.run(insertProvider, [
      DEMO_UNIT_ID,
      id,
      id,
      appId,
      secret,
      agentId,
      name,
      logo,
      index + 1,
    ]);
  }

  const insertLink = `INSERT INTO social_identities (issuer, subject, user_id, nickname, linked_at)
     VALUES (?, ?, ?, ?, ?)`;
  for (const identity of STANDIN_DEMO.identities) {
    const login = DEMO_LINKS[identity.key];
    const user = SEED_USERS.find((candidate) => candidate.loginName === login);
    if (!user) continue;
    if (identity.unionid !== undefined) {
      await sql.run(insertLink, ['weixin', identity.unionid, user.id, identity.nickname, now]);
    }
    if (identity.wecomUserId !== undefined) {
      await sql.run(insertLink, [
        `wecom:${corp.corpId}`,
        identity.wecomUserId,
        user.id,
        identity.wecomUserId,
        now,
      ]);
    }
  }
}
