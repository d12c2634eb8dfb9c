import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { STANDIN_PATHS } from './standin-config';
import { identitiesFor, type StandinContext } from './standin-context';
import { checkRedirectUri, field, filled, requestOrigin, stateWithinLimit } from './standin-http';
import {
  choicesHtml,
  hiddenHtml,
  qrPageBody,
  QR_PAGE_SCRIPT,
  sendErrorPage,
  sendStandinPage,
  text,
} from './standin-pages';
import { QR_STATUS, type QrSession, type StandinProvider } from './standin-store';

const PROVIDER_TEXT = {
  weixin: {
    title: '微信登录',
    scanHint: '请使用微信扫描二维码登录',
    confirmPath: STANDIN_PATHS.weixinConfirm,
    pollPath: STANDIN_PATHS.weixinLongPoll,
    phoneTitle: '微信 · 确认登录',
    who: '你是本机微信上的哪位用户？',
    whoEn: 'Who is signed in to WeChat on this phone?',
  },
  wecom: {
    title: '企业微信登录',
    scanHint: '请使用企业微信扫描二维码登录',
    confirmPath: STANDIN_PATHS.wecomConfirm,
    pollPath: STANDIN_PATHS.wecomLongPoll,
    phoneTitle: '企业微信 · 确认登录',
    who: '你是本企业的哪位成员？',
    whoEn: 'Which member of the organisation are you?',
  },
} as const;

interface QrStart {
  provider: StandinProvider;
  appId: string;
  agentId?: string;
  redirectUri: URL;
  state: string | undefined;
  selfRedirect: boolean;
}

/** An error page's texts: Chinese as the provider words it, English, the provider's code. */
interface QrErrorText {
  zh: string;
  en: string;
  errcode?: number;
}

const BUSY: QrErrorText = { zh: '系统繁忙，请稍后再试', en: 'Busy: try again later', errcode: -1 };

/**
 * The QR login of both providers: WeChat's website login (`/connect/qrconnect`, its long poll
 * `/connect/l/qrconnect`) and WeCom's (`/wwlogin/sso/login`); the QR code carries the address
 * of a "phone" page where a demo identity confirms or cancels.
 */
export function registerQrLoginRoutes(app: FastifyInstance, context: StandinContext): void {
  const { options, settings, store } = context;

  async function showQrPage(request: FastifyRequest, reply: FastifyReply, start: QrStart) {
    const words = PROVIDER_TEXT[start.provider];
    const origin = settings.phoneOrigin ?? requestOrigin(request)?.origin;
    const session =
      origin === undefined
        ? undefined
        : store.openSession({
            provider: start.provider,
            appId: start.appId,
            agentId: start.agentId,
            redirectUri: start.redirectUri.href,
            state: start.state,
          });
    const busy = () =>
      sendErrorPage(reply, 503, { title: words.title, ...BUSY }, settings.frameAncestors);
    if (origin === undefined || session === undefined) return busy();
    const phoneUrl = `${origin}${words.confirmPath}?uuid=${session.uuid}`;
    let svg: string;
    try {
      svg = await QRCode.toString(phoneUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    } catch {
      // An address too long for a QR code (a configured phone origin gone wrong).
      return busy();
    }
    return sendStandinPage(reply, 200, {
      title: words.title,
      script: true,
      frameAncestors: settings.frameAncestors,
      body: qrPageBody({
        heading: words.title,
        scanHint: words.scanHint,
        svg,
        phoneUrl,
        pollUrl: `${words.pollPath}?uuid=${session.uuid}`,
        redirectUri: start.redirectUri.href,
        state: start.state,
        selfRedirect: start.selfRedirect,
      }),
    });
  }

  function qrError(reply: FastifyReply, title: string, zh: string, en: string, errcode?: number) {
    return sendErrorPage(reply, 400, { title, zh, en, errcode }, settings.frameAncestors);
  }

  /**
   * The redirect_uri and state of a QR login request, or the provider's error page: a
   * redirect_uri off the app's registered domain (worded as `refused`), a state over the limit.
   */
  function callbackOf(
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    refused: QrErrorText,
  ): { redirectUri: URL; state: string | undefined } | FastifyReply {
    const query = request.query;
    const redirectUri = checkRedirectUri(
      field(query, 'redirect_uri'),
      request,
      settings.isRegisteredHost,
    );
    if (!redirectUri) return qrError(reply, title, refused.zh, refused.en, refused.errcode);
    const state = field(query, 'state');
    if (!stateWithinLimit(state)) {
      return qrError(reply, title, '参数错误：state', 'state is too long');
    }
    return { redirectUri, state };
  }

  app.get(STANDIN_PATHS.script, (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(QR_PAGE_SCRIPT),
  );

  // https://open.weixin.qq.com/connect/qrconnect?appid&redirect_uri&response_type=code&scope=snsapi_login&state
  app.get(STANDIN_PATHS.qrConnect, async (request, reply) => {
    const query = request.query;
    const title = PROVIDER_TEXT.weixin.title;
    const appId = field(query, 'appid', 128);
    const registered = options.weixinApps.find((entry) => entry.appId === appId);
    if (!filled(appId) || registered?.kind !== 'website') {
      return qrError(reply, title, '参数错误：AppID 参数错误', 'Invalid appid');
    }
    const scopes = (field(query, 'scope', 256) ?? '').split(',');
    if (!scopes.includes('snsapi_login')) {
      return qrError(reply, title, 'Scope 参数错误或没有 Scope 权限', 'Invalid scope');
    }
    const responseType = field(query, 'response_type', 64);
    if (responseType !== undefined && responseType !== 'code') {
      return qrError(reply, title, '参数错误：response_type', 'response_type must be code');
    }
    const callback = callbackOf(request, reply, title, {
      zh: 'redirect_uri 参数错误',
      en: "redirect_uri does not match the app's registered domain",
      errcode: 10003,
    });
    if (!('redirectUri' in callback)) return callback;
    return showQrPage(request, reply, {
      provider: 'weixin',
      appId: registered.appId,
      ...callback,
      selfRedirect: field(query, 'self_redirect', 16) === 'true',
    });
  });

  // https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=CORPID&agentid&redirect_uri&state
  app.get(STANDIN_PATHS.wecomLogin, async (request, reply) => {
    const query = request.query;
    const title = PROVIDER_TEXT.wecom.title;
    if (field(query, 'login_type', 32) !== 'CorpApp') {
      return qrError(reply, title, '参数错误：login_type', 'login_type must be CorpApp');
    }
    const corpId = field(query, 'appid', 128);
    const corp = options.wecomCorps.find((entry) => entry.corpId === corpId);
    if (!filled(corpId) || !corp) {
      return qrError(reply, title, '参数错误：appid 无效', 'Invalid appid (corp id)');
    }
    if (field(query, 'agentid', 32) !== corp.agentId) {
      return qrError(reply, title, '参数错误：agentid 无效', 'Invalid agentid');
    }
    const callback = callbackOf(request, reply, title, {
      zh: 'redirect_uri 与配置的授权完成回调域名不一致',
      en: 'redirect_uri is not on a trusted domain of the app',
    });
    if (!('redirectUri' in callback)) return callback;
    return showQrPage(request, reply, {
      provider: 'wecom',
      appId: corp.corpId,
      agentId: corp.agentId,
      ...callback,
      selfRedirect: field(query, 'redirect_type', 16) === 'self',
    });
  });

  async function longPoll(request: FastifyRequest, reply: FastifyReply, provider: StandinProvider) {
    const uuid = field(request.query, 'uuid', 64);
    const last = field(request.query, 'last', 8) ?? '';
    const found = store.session(uuid);
    const session = found?.provider === provider ? found : undefined;
    let status = store.statusOf(session);
    if (session && (status === QR_STATUS.waiting || String(status) === last)) {
      await store.waitForChange(session, settings.longPollMs);
      status = store.statusOf(store.session(uuid));
      if (String(status) === last) status = QR_STATUS.waiting;
    }
    const code = status === QR_STATUS.confirmed ? (session?.code ?? '') : '';
    return reply
      .header('cache-control', 'no-store')
      .type('text/javascript; charset=utf-8')
      .send(`window.wx_errcode=${String(status)};window.wx_code='${code}';`);
  }

  app.get(STANDIN_PATHS.weixinLongPoll, (request, reply) => longPoll(request, reply, 'weixin'));
  app.get(STANDIN_PATHS.wecomLongPoll, (request, reply) => longPoll(request, reply, 'wecom'));

  function expiredPage(reply: FastifyReply, provider: StandinProvider) {
    return sendErrorPage(reply, 410, {
      title: PROVIDER_TEXT[provider].phoneTitle,
      zh: '二维码已失效，请在电脑上刷新二维码后重新扫描',
      en: 'This QR code has expired: refresh it on the computer and scan again',
    });
  }

  function donePage(reply: FastifyReply, provider: StandinProvider, confirmed: boolean) {
    const title = PROVIDER_TEXT[provider].phoneTitle;
    const body = confirmed
      ? '<p class="ok">已确认登录</p><p>请回到电脑上继续</p><p class="en" lang="en">Confirmed: continue on the computer</p>'
      : '<p class="warn">已取消登录</p><p class="en" lang="en">Sign-in cancelled</p>';
    return sendStandinPage(reply, 200, { title, body: `<h1>${text(title)}</h1>${body}` });
  }

  function sessionFor(provider: StandinProvider, source: unknown) {
    const session = store.session(field(source, 'uuid', 64));
    return session?.provider === provider ? session : undefined;
  }

  /** The "phone": scanning opens this page, which marks the code scanned and asks who you are. */
  function phonePage(reply: FastifyReply, session: QrSession) {
    const words = PROVIDER_TEXT[session.provider];
    const choices = identitiesFor(options, session.provider).map((identity) => ({
      key: identity.key,
      label: identity.nickname,
      detail:
        session.provider === 'weixin'
          ? `演示身份 ${identity.key}`
          : `演示成员 ${identity.key} · userid ${identity.wecomUserId ?? ''}`,
    }));
    return sendStandinPage(reply, 200, {
      title: words.phoneTitle,
      body: `<h1>${text(words.phoneTitle)}</h1>
<p>EduDesk 申请使用你的${session.provider === 'weixin' ? '微信' : '企业微信'}帐号登录</p>
<p class="en" lang="en">EduDesk asks to sign you in</p>
<form method="post" action="${words.confirmPath}">${hiddenHtml({ uuid: session.uuid })}
<fieldset><legend>${text(words.who)}<br><span class="en" lang="en">${text(words.whoEn)}</span></legend>${choicesHtml('identity', choices)}</fieldset>
<div class="buttons"><button class="primary" type="submit" name="action" value="confirm">确认登录 Confirm</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>取消登录 Cancel</button></div>
</form>`,
    });
  }

  for (const provider of ['weixin', 'wecom'] as const) {
    const path = PROVIDER_TEXT[provider].confirmPath;

    app.get(path, (request, reply) => {
      const session = sessionFor(provider, request.query);
      if (!session) return expiredPage(reply, provider);
      if (session.status === 'confirmed') return donePage(reply, provider, true);
      if (session.status !== 'scanned') store.update(session, { status: 'scanned' });
      return phonePage(reply, session);
    });

    app.post(path, (request, reply) => {
      const body = request.body;
      const session = sessionFor(provider, body);
      if (!session) return expiredPage(reply, provider);
      if (session.status === 'confirmed') return donePage(reply, provider, true);
      if (field(body, 'action', 16) === 'cancel') {
        store.update(session, { status: 'cancelled' });
        return donePage(reply, provider, false);
      }
      const key = field(body, 'identity', 128);
      const identity = identitiesFor(options, provider).find((entry) => entry.key === key);
      if (field(body, 'action', 16) !== 'confirm' || !identity) return phonePage(reply, session);
      const code = store.issueCode({
        provider,
        appId: session.appId,
        agentId: session.agentId,
        identityKey: identity.key,
        scope: provider === 'weixin' ? 'snsapi_login' : 'snsapi_base',
      });
      store.update(session, { status: 'confirmed', code });
      return donePage(reply, provider, true);
    });
  }
}
