import type { FastifyInstance } from 'fastify';
import { standinOpenId, STANDIN_PATHS, STANDIN_TTL } from './standin-config';
import { identityByKey, type StandinContext } from './standin-context';
import { field, filled, sendJson, wecomError, weixinError } from './standin-http';
import type { WeixinToken } from './standin-store';

const EXPIRES_IN = STANDIN_TTL.accessTokenMs / 1000;

/**
 * The providers' server APIs, answering as the real ones do (HTTP 200, JSON; errors as
 * `{errcode, errmsg}`): WeChat's `/sns/oauth2/access_token`, `/sns/oauth2/refresh_token`,
 * `/sns/userinfo`, `/sns/auth`; WeCom's `/cgi-bin/gettoken`, `/cgi-bin/auth/getuserinfo`,
 * `/cgi-bin/user/get`.
 */
export function registerApiRoutes(app: FastifyInstance, context: StandinContext): void {
  const { options, store } = context;
  const now = () => options.now();

  // GET https://api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code
  app.get(STANDIN_PATHS.snsAccessToken, (request, reply) => {
    const query = request.query;
    const appId = field(query, 'appid', 128);
    const secret = field(query, 'secret', 128);
    const code = field(query, 'code', 512);
    if (!filled(appId)) return weixinError(reply, 41002, 'appid missing');
    if (!filled(secret)) return weixinError(reply, 41004, 'appsecret missing');
    if (!filled(code)) return weixinError(reply, 41008, 'missing code');
    if (field(query, 'grant_type', 64) !== 'authorization_code') {
      return weixinError(reply, 40002, 'invalid grant_type');
    }
    const registered = options.weixinApps.find((entry) => entry.appId === appId);
    if (!registered) return weixinError(reply, 40013, 'invalid appid');
    if (registered.appSecret !== secret) return weixinError(reply, 40125, 'invalid appsecret');
    store.sweep();
    const grant = store.codes.get(code);
    // A code is bound to the app that asked for it: another app's code is simply invalid.
    if (grant?.provider !== 'weixin' || grant.appId !== appId || grant.expires <= now()) {
      return weixinError(reply, 40029, 'invalid code');
    }
    if (grant.used) return weixinError(reply, 40163, 'code been used');
    grant.used = true;
    const identity = identityByKey(options, grant.identityKey);
    if (identity?.unionid === undefined) return weixinError(reply, 40029, 'invalid code');
    const openid = standinOpenId(appId, identity.unionid);
    const { accessToken, refreshToken } = store.issueWeixinToken({
      appId,
      identityKey: identity.key,
      openid,
      unionid: identity.unionid,
      scope: grant.scope,
    });
    return sendJson(reply, {
      access_token: accessToken,
      expires_in: EXPIRES_IN,
      refresh_token: refreshToken,
      openid,
      scope: grant.scope,
      unionid: identity.unionid,
    });
  });

  // GET https://api.weixin.qq.com/sns/oauth2/refresh_token?appid&grant_type=refresh_token&refresh_token
  app.get(STANDIN_PATHS.snsRefreshToken, (request, reply) => {
    const query = request.query;
    const appId = field(query, 'appid', 128);
    const refreshToken = field(query, 'refresh_token', 512);
    if (!filled(appId)) return weixinError(reply, 41002, 'appid missing');
    if (!filled(refreshToken)) return weixinError(reply, 41003, 'refresh_token missing');
    if (field(query, 'grant_type', 64) !== 'refresh_token') {
      return weixinError(reply, 40002, 'invalid grant_type');
    }
    if (!options.weixinApps.some((entry) => entry.appId === appId)) {
      return weixinError(reply, 40013, 'invalid appid');
    }
    store.sweep();
    const refresh = store.weixinRefresh.get(refreshToken);
    if (refresh?.appId !== appId) {
      return weixinError(reply, 40030, 'invalid refresh_token');
    }
    const token = store.weixinTokens.get(refresh.accessToken);
    if (!token) return weixinError(reply, 42002, 'refresh_token expired');
    // As documented: an expired access_token is replaced, a live one gets a new expiry.
    let accessToken = refresh.accessToken;
    if (token.expires <= now()) {
      store.weixinTokens.delete(refresh.accessToken);
      accessToken = store.issueWeixinToken(token).accessToken;
      refresh.accessToken = accessToken;
    } else {
      token.expires = now() + STANDIN_TTL.accessTokenMs;
    }
    return sendJson(reply, {
      access_token: accessToken,
      expires_in: EXPIRES_IN,
      refresh_token: refreshToken,
      openid: token.openid,
      scope: token.scope,
    });
  });

  /** The token of a /sns call, or an error answer already sent. */
  function snsToken(query: unknown): { error: [number, string] } | { token: WeixinToken } {
    const accessToken = field(query, 'access_token', 512);
    const openid = field(query, 'openid', 128);
    if (!filled(accessToken)) return { error: [41001, 'access_token missing'] };
    if (!filled(openid)) return { error: [41009, 'missing openid'] };
    store.sweep();
    const token = store.weixinTokens.get(accessToken);
    if (!token) {
      return { error: [40001, 'invalid credential, access_token is invalid or not latest'] };
    }
    if (token.expires <= now()) return { error: [42001, 'access_token expired'] };
    if (token.openid !== openid) return { error: [40003, 'invalid openid'] };
    return { token };
  }

  // GET https://api.weixin.qq.com/sns/userinfo?access_token&openid&lang
  app.get(STANDIN_PATHS.snsUserInfo, (request, reply) => {
    const checked = snsToken(request.query);
    if ('error' in checked) return weixinError(reply, ...checked.error);
    const { token } = checked;
    // snsapi_base grants only the openid (and unionid): the profile needs snsapi_userinfo.
    if (token.scope === 'snsapi_base') return weixinError(reply, 48001, 'api unauthorized');
    const identity = identityByKey(options, token.identityKey);
    if (!identity) return weixinError(reply, 40003, 'invalid openid');
    // Since late 2021 WeChat no longer gives sex and region: 0 and empty strings.
    return sendJson(reply, {
      openid: token.openid,
      nickname: identity.nickname,
      sex: 0,
      province: '',
      city: '',
      country: '',
      headimgurl: identity.headimgurl ?? '',
      privilege: [],
      unionid: token.unionid,
    });
  });

  // GET https://api.weixin.qq.com/sns/auth?access_token&openid
  app.get(STANDIN_PATHS.snsAuth, (request, reply) => {
    const checked = snsToken(request.query);
    if ('error' in checked) return weixinError(reply, ...checked.error);
    return sendJson(reply, { errcode: 0, errmsg: 'ok' });
  });

  // GET https://qyapi.weixin.qq.com/cgi-bin/gettoken?corpid&corpsecret
  app.get(STANDIN_PATHS.wecomGetToken, (request, reply) => {
    const corpId = field(request.query, 'corpid', 128);
    const secret = field(request.query, 'corpsecret', 256);
    if (!filled(corpId)) return wecomError(reply, request, 41002, 'corpid missing');
    if (!filled(secret)) return wecomError(reply, request, 41004, 'corpsecret missing');
    const corp = options.wecomCorps.find((entry) => entry.corpId === corpId);
    if (!corp) return wecomError(reply, request, 40013, 'invalid corpid');
    if (corp.corpSecret !== secret) return wecomError(reply, request, 40001, 'invalid credential');
    const token = store.wecomToken(corp.corpId);
    return sendJson(reply, {
      errcode: 0,
      errmsg: 'ok',
      access_token: token.token,
      expires_in: Math.max(1, Math.round((token.expires - now()) / 1000)),
    });
  });

  /** The corp of a WeCom call's access_token, or the error to answer. */
  function wecomCorpOf(query: unknown): { corpId: string } | { error: [number, string] } {
    const accessToken = field(query, 'access_token', 512);
    if (!filled(accessToken)) return { error: [41001, 'access_token missing'] };
    store.sweep();
    const token = store.wecomTokens.get(accessToken);
    if (!token) return { error: [40014, 'invalid access_token'] };
    if (token.expires <= now()) return { error: [42001, 'access_token expired'] };
    return { corpId: token.corpId };
  }

  // GET https://qyapi.weixin.qq.com/cgi-bin/auth/getuserinfo?access_token&code
  app.get(STANDIN_PATHS.wecomGetUserInfo, (request, reply) => {
    const corp = wecomCorpOf(request.query);
    if ('error' in corp) return wecomError(reply, request, ...corp.error);
    const code = field(request.query, 'code', 512);
    if (!filled(code)) return wecomError(reply, request, 41008, 'missing code');
    const grant = store.codes.get(code);
    // WeCom answers every unusable code (unknown, expired, used, another corp's) with 40029.
    if (
      grant?.provider !== 'wecom' ||
      grant.appId !== corp.corpId ||
      grant.expires <= now() ||
      grant.used
    ) {
      return wecomError(reply, request, 40029, 'invalid code');
    }
    grant.used = true;
    const identity = identityByKey(options, grant.identityKey);
    if (!identity) return wecomError(reply, request, 40029, 'invalid code');
    if (identity.wecomUserId === undefined) {
      // Not a member of this corp: an openid unique within the corp.
      return sendJson(reply, {
        errcode: 0,
        errmsg: 'ok',
        openid: standinOpenId(corp.corpId, identity.unionid ?? identity.key),
      });
    }
    return sendJson(reply, {
      errcode: 0,
      errmsg: 'ok',
      userid: identity.wecomUserId,
      ...(grant.scope === 'snsapi_privateinfo'
        ? { user_ticket: store.issueUserTicket(identity.key) }
        : {}),
    });
  });

  // GET https://qyapi.weixin.qq.com/cgi-bin/user/get?access_token&userid
  app.get(STANDIN_PATHS.wecomGetUser, (request, reply) => {
    const corp = wecomCorpOf(request.query);
    if ('error' in corp) return wecomError(reply, request, ...corp.error);
    const userId = field(request.query, 'userid', 128);
    if (!filled(userId)) return wecomError(reply, request, 41009, 'missing userid');
    const identity = options.identities.find((entry) => entry.wecomUserId === userId);
    if (!identity) return wecomError(reply, request, 60111, 'userid not found');
    return sendJson(reply, {
      errcode: 0,
      errmsg: 'ok',
      userid: userId,
      name: identity.nickname,
      status: 1,
    });
  });
}
