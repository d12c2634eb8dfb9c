import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../http/cookies';
import { SOCIAL_STANDIN_PREFIX, STANDIN_PATHS, type StandinIdentity } from './standin-config';
import { identitiesFor, type StandinContext } from './standin-context';
import {
  checkRedirectUri,
  field,
  filled,
  inWecom,
  inWeixin,
  stateWithinLimit,
  withCode,
} from './standin-http';
import { choicesHtml, hiddenHtml, sendErrorPage, sendStandinPage, text } from './standin-pages';
import type { StandinProvider } from './standin-store';

/** Who is signed in to WeChat / WeCom on "this phone" (the stand-in's own cookies). */
const PHONE_COOKIE: Record<StandinProvider, string> = {
  weixin: 'standin_wx_user',
  wecom: 'standin_ww_user',
};
const PHONE_COOKIE_DAYS = 30;

/** The authorize parameters the stand-in reads; only these are carried through its forms. */
const AUTHORIZE_FIELDS = ['appid', 'redirect_uri', 'response_type', 'scope', 'state', 'agentid'];

interface InAppTarget {
  provider: StandinProvider;
  appId: string;
  agentId?: string;
  scope: string;
  redirectUri: URL;
  state: string | undefined;
  /** The checked parameters, to carry through the chooser and consent forms. */
  query: URLSearchParams;
}

interface PageError {
  title: string;
  zh: string;
  en: string;
  errcode?: number;
  status?: number;
}

const NAMES: Record<StandinProvider, { app: string; title: string }> = {
  weixin: { app: '微信', title: '微信授权' },
  wecom: { app: '企业微信', title: '企业微信授权' },
};

/**
 * The in-app authorisation (`open.weixin.qq.com/connect/oauth2/authorize ... #wechat_redirect`)
 * of the official account (snsapi_base silent, snsapi_userinfo with consent) and of WeCom
 * (appid = corp id, agentid; snsapi_base silent, snsapi_privateinfo with consent), for the
 * "phone's" current user kept in a stand-in cookie chosen on a small stand-in page.
 */
export function registerInAppRoutes(app: FastifyInstance, context: StandinContext): void {
  const { options, settings } = context;

  function resolve(source: unknown, request: FastifyRequest): InAppTarget | PageError {
    const appId = field(source, 'appid', 128);
    const title = '参数错误';
    if (!filled(appId)) {
      return { title, zh: 'appid不能为空', en: 'appid is missing', errcode: 10012 };
    }
    const corp = options.wecomCorps.find((entry) => entry.corpId === appId);
    const weixinApp = options.weixinApps.find((entry) => entry.appId === appId);
    if (weixinApp?.kind === 'website') {
      return {
        title,
        zh: '不支持微信开放平台的Appid，请使用公众号Appid',
        en: "A website app's appid cannot be used here: use the official account's",
        errcode: 10016,
      };
    }
    if (!corp && !weixinApp) return { title, zh: 'appid 参数错误', en: 'Unknown appid' };
    const provider: StandinProvider = corp ? 'wecom' : 'weixin';
    const rawRedirect = field(source, 'redirect_uri');
    if (!filled(rawRedirect)) {
      return { title, zh: 'redirect_uri不能为空', en: 'redirect_uri is missing', errcode: 10011 };
    }
    const scope = field(source, 'scope', 64);
    if (!filled(scope))
      return { title, zh: 'scope不能为空', en: 'scope is missing', errcode: 10010 };
    if (field(source, 'response_type', 32) !== 'code') {
      return { title, zh: 'response_type 参数错误', en: 'response_type must be code' };
    }
    const scopes =
      provider === 'weixin'
        ? ['snsapi_base', 'snsapi_userinfo']
        : ['snsapi_base', 'snsapi_privateinfo'];
    if (!scopes.includes(scope)) {
      return {
        title,
        zh: provider === 'weixin' ? '此公众号并没有这些scope的权限' : 'scope 参数错误',
        en: 'The app has no such scope',
        errcode: provider === 'weixin' ? 10005 : undefined,
      };
    }
    const agentId = field(source, 'agentid', 32);
    if (
      corp &&
      ((agentId !== undefined && agentId !== corp.agentId) ||
        (scope === 'snsapi_privateinfo' && agentId === undefined))
    ) {
      return { title, zh: 'agentid 参数错误', en: 'Invalid agentid' };
    }
    const redirectUri = checkRedirectUri(rawRedirect, request, settings.isRegisteredHost);
    if (!redirectUri) {
      return provider === 'weixin'
        ? {
            title,
            zh: 'redirect_uri域名与后台配置不一致',
            en: "redirect_uri does not match the official account's registered domain",
            errcode: 10003,
          }
        : { title, zh: 'redirect_uri参数错误', en: 'redirect_uri is not on a trusted domain' };
    }
    const state = field(source, 'state');
    if (!stateWithinLimit(state)) {
      return { title, zh: 'state 参数错误', en: 'state is too long' };
    }
    const query = new URLSearchParams();
    for (const name of AUTHORIZE_FIELDS) {
      const value = field(source, name);
      if (value !== undefined) query.set(name, value);
    }
    return {
      provider,
      appId,
      agentId: corp?.agentId,
      scope,
      redirectUri,
      state,
      query,
    };
  }

  function currentUser(
    request: FastifyRequest,
    provider: StandinProvider,
  ): StandinIdentity | undefined {
    const raw = readCookie(request.headers.cookie, PHONE_COOKIE[provider]);
    if (raw === undefined || !/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return undefined;
    const key = Buffer.from(raw, 'base64url').toString('utf8');
    return phoneUsers(provider).find((identity) => identity.key === key);
  }

  /** Who can be signed in on the phone: WeChat users; for WeCom anyone (non-members get an openid). */
  function phoneUsers(provider: StandinProvider): StandinIdentity[] {
    return provider === 'weixin' ? identitiesFor(options, 'weixin') : options.identities;
  }

  function phoneCookie(request: FastifyRequest, provider: StandinProvider, key: string | null) {
    return serializeCookie(
      PHONE_COOKIE[provider],
      key === null ? '' : Buffer.from(key, 'utf8').toString('base64url'),
      {
        path: `${SOCIAL_STANDIN_PREFIX}/`,
        maxAgeSeconds: key === null ? 0 : PHONE_COOKIE_DAYS * 86400,
        httpOnly: true,
        secure: request.protocol === 'https',
        sameSite: 'Lax',
      },
    );
  }

  function choiceList(provider: StandinProvider) {
    return phoneUsers(provider).map((identity) => ({
      key: identity.key,
      label: identity.nickname,
      detail:
        provider === 'weixin'
          ? `演示身份 ${identity.key}`
          : identity.wecomUserId === undefined
            ? `演示身份 ${identity.key} · 非本企业成员`
            : `演示成员 ${identity.key} · userid ${identity.wecomUserId}`,
    }));
  }

  /** The phone has nobody signed in yet: choose, then the authorisation goes on. */
  function chooserPage(reply: FastifyReply, target: InAppTarget) {
    const names = NAMES[target.provider];
    return sendStandinPage(reply, 200, {
      title: `${names.app}（模拟）`,
      formTargets: [target.redirectUri.origin],
      body: `<h1>${text(names.app)}（模拟手机）</h1>
<p>这台“手机”上还没有登录${text(names.app)}。请选择登录的用户：</p>
<p class="en" lang="en">Nobody is signed in to ${target.provider === 'weixin' ? 'WeChat' : 'WeCom'} on this phone yet: choose who is.</p>
<form method="post" action="${STANDIN_PATHS.oauth2Authorize}">${hiddenHtml({ query: target.query.toString() })}
<fieldset>${choicesHtml('identity', choiceList(target.provider))}</fieldset>
<div class="buttons"><button class="primary" type="submit" name="action" value="choose">登录 Sign in</button></div>
</form>`,
    });
  }

  /** snsapi_userinfo / snsapi_privateinfo: the user allows or denies. */
  function consentPage(reply: FastifyReply, target: InAppTarget, user: StandinIdentity) {
    const names = NAMES[target.provider];
    const asks =
      target.provider === 'weixin'
        ? '获得你的公开信息（昵称、头像等）'
        : '获得你的详细信息（头像、二维码等敏感信息）';
    return sendStandinPage(reply, 200, {
      title: names.title,
      formTargets: [target.redirectUri.origin],
      body: `<h1>${text(names.title)}</h1>
<p>EduDesk 申请获得以下权限：</p><p><strong>${text(asks)}</strong></p>
<p class="en" lang="en">EduDesk asks for your profile</p>
<p>当前用户：${text(user.nickname)}</p>
<form method="post" action="${STANDIN_PATHS.oauth2Authorize}">${hiddenHtml({ query: target.query.toString() })}
<div class="buttons"><button class="primary" type="submit" name="action" value="allow">允许 Allow</button>
<button class="secondary" type="submit" name="action" value="deny">拒绝 Deny</button></div>
</form>`,
    });
  }

  function notInClientPage(reply: FastifyReply, provider: StandinProvider) {
    const names = NAMES[provider];
    return sendErrorPage(reply, 200, {
      title: names.app,
      zh: `请在${names.app}客户端打开链接`,
      en: `Open this link in the ${provider === 'weixin' ? 'WeChat' : 'WeCom'} app`,
    });
  }

  function redirectWithCode(
    reply: FastifyReply,
    target: InAppTarget,
    user: StandinIdentity,
    status: 302 | 303 = 302,
  ) {
    const code = context.store.issueCode({
      provider: target.provider,
      appId: target.appId,
      agentId: target.agentId,
      identityKey: user.key,
      scope: target.scope,
    });
    return reply
      .header('cache-control', 'no-store')
      .redirect(withCode(target.redirectUri.href, code, target.state), status);
  }

  function resolved(
    request: FastifyRequest,
    reply: FastifyReply,
    source: unknown,
  ): InAppTarget | undefined {
    const target = resolve(source, request);
    if ('title' in target) {
      void sendErrorPage(reply, target.status ?? 400, target);
      return undefined;
    }
    const inClient = target.provider === 'weixin' ? inWeixin(request) : inWecom(request);
    if (!inClient) {
      void notInClientPage(reply, target.provider);
      return undefined;
    }
    return target;
  }

  // GET https://open.weixin.qq.com/connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope&state[&agentid]#wechat_redirect
  app.get(STANDIN_PATHS.oauth2Authorize, (request, reply) => {
    const target = resolved(request, reply, request.query);
    if (!target) return reply;
    const user = currentUser(request, target.provider);
    if (!user) return chooserPage(reply, target);
    if (target.scope === 'snsapi_base') return redirectWithCode(reply, target, user);
    return consentPage(reply, target, user);
  });

  // The chooser's and the consent page's forms (same-origin posts).
  app.post(STANDIN_PATHS.oauth2Authorize, (request, reply) => {
    const params = Object.fromEntries(
      new URLSearchParams(field(request.body, 'query', 8192) ?? ''),
    );
    const target = resolved(request, reply, params);
    if (!target) return reply;
    const action = field(request.body, 'action', 16);
    if (action === 'choose') {
      const key = field(request.body, 'identity', 128);
      const chosen = phoneUsers(target.provider).find((identity) => identity.key === key);
      if (!chosen) return chooserPage(reply, target);
      return reply
        .header('set-cookie', phoneCookie(request, target.provider, chosen.key))
        .header('cache-control', 'no-store')
        .redirect(`${STANDIN_PATHS.oauth2Authorize}?${target.query.toString()}`, 303);
    }
    const user = currentUser(request, target.provider);
    if (!user) return chooserPage(reply, target);
    if (action === 'deny') {
      return reply
        .header('cache-control', 'no-store')
        .redirect(withCode(target.redirectUri.href, undefined, target.state), 303);
    }
    if (action !== 'allow') return consentPage(reply, target, user);
    return redirectWithCode(reply, target, user, 303);
  });

  // The stand-in's own page: who is signed in to WeChat and WeCom on "this phone".
  app.get(STANDIN_PATHS.phone, (request, reply) => {
    const sections = (['weixin', 'wecom'] as const)
      .map((provider) => {
        const current = currentUser(request, provider);
        const name = NAMES[provider].app;
        return `<form method="post" action="${STANDIN_PATHS.phone}">${hiddenHtml({ provider })}
<fieldset><legend>${text(name)}：${current ? text(current.nickname) : '未登录'}</legend>${choicesHtml('identity', choiceList(provider))}</fieldset>
<div class="buttons"><button class="primary" type="submit" name="action" value="set">切换为所选用户 Switch</button>
<button class="secondary" type="submit" name="action" value="clear" formnovalidate>退出 Sign out</button></div></form>`;
      })
      .join('<hr>');
    return sendStandinPage(reply, 200, {
      title: '模拟手机 · Phone stand-in',
      body: `<h1>模拟手机</h1><p class="en" lang="en">Who is signed in to WeChat and WeCom on this phone (used by in-app sign-in)</p>${sections}`,
    });
  });

  app.post(STANDIN_PATHS.phone, (request, reply) => {
    const provider = field(request.body, 'provider', 16);
    if (provider === 'weixin' || provider === 'wecom') {
      const key = field(request.body, 'identity', 128);
      const chosen = phoneUsers(provider).find((identity) => identity.key === key);
      if (field(request.body, 'action', 16) === 'clear') {
        void reply.header('set-cookie', phoneCookie(request, provider, null));
      } else if (chosen) {
        void reply.header('set-cookie', phoneCookie(request, provider, chosen.key));
      }
    }
    return reply.header('cache-control', 'no-store').redirect(STANDIN_PATHS.phone, 303);
  });
}
