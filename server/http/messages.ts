import { bilingual } from '../../contract/envelope';

/** Every message the server sends, bilingual (`中文|||English`, spec §5), in one place. */
export const MESSAGES = {
  invalidRequest: bilingual('请求参数错误', 'Invalid request parameters'),
  invalidJson: bilingual('请求内容不是有效的 JSON', 'The request body is not valid JSON'),
  payloadTooLarge: bilingual('请求内容过大', 'The request body is too large'),
  tooManyValues: bilingual('请求内容包含的数据项过多', 'The request body holds too many values'),
  unsupportedMediaType: bilingual('不支持的请求内容类型', 'Unsupported request content type'),
  badRequest: bilingual('请求无效', 'Bad request'),
  notFound: bilingual('请求的接口不存在', 'The requested API does not exist'),
  requestTimeout: bilingual(
    '请求超时，请重试',
    'The request took too long to arrive. Please try again',
  ),
  headersTooLarge: bilingual('请求头过大', 'The request headers are too large'),
  crossSite: bilingual(
    '已拒绝来自其他网站的请求，请在本平台页面中操作',
    "A request from another site was refused. Please use the platform's own pages",
  ),
  // The spec's §8 fallback text, so the client shows the same words whichever way it gets there.
  internalError: bilingual('服务器内部错误', 'Server internal error!'),
  databaseUnavailable: bilingual(
    '服务暂时不可用，请稍后重试',
    'The service is briefly unavailable. Please try again in a moment',
  ),
  proofOfWorkRequired: bilingual(
    '此网络中登录失败次数过多，请稍候片刻：浏览器正在完成安全验证',
    'Too many failed sign-ins from this network. Please wait a moment while your browser completes a security check',
  ),
  invalidGrant: bilingual('用户名或密码错误', 'Incorrect username or password'),
  signInBusy: bilingual(
    '当前登录人数过多，请稍后几秒再试',
    'Too many people are signing in right now. Please try again in a few seconds',
  ),
  invalidAccessToken: bilingual(
    '登录凭证无效或已过期',
    'The sign-in token is invalid or has expired',
  ),
  accountDisabled: bilingual(
    '该账号已停用，请联系管理员',
    'This account has been disabled. Please contact your administrator',
  ),
  unitDisabled: bilingual(
    '所在单位已停用，请联系管理员',
    'Your unit has been disabled. Please contact your administrator',
  ),
  unauthorized: bilingual(
    '登录已失效，请重新登录',
    'Your session has expired, please sign in again',
  ),
  invalidRefresh: bilingual(
    '登录已失效，请重新登录',
    'Your session has expired, please sign in again',
  ),
  invalidTicket: bilingual(
    '登录票据无效、已过期或已被使用',
    'The sign-in ticket is invalid, has expired or has already been used',
  ),
  socialStateMismatch: bilingual(
    '本次第三方登录不是在此浏览器中发起的或已过期，请返回登录页重新扫码',
    'This sign-in was not started in this browser or has expired. Please go back to the login page and start again',
  ),
  socialProviderUnknown: bilingual(
    '本单位未配置该第三方登录方式',
    'This sign-in method is not configured for your unit',
  ),
  socialCodeRefused: bilingual(
    '第三方登录授权无效或已过期，请重新扫码',
    'The third-party authorisation is invalid or has expired. Please start again',
  ),
  socialUnavailable: bilingual(
    '暂时无法连接第三方登录服务，请稍后重试',
    'The third-party sign-in service cannot be reached. Please try again later',
  ),
  socialNotMember: bilingual(
    '您不是本单位企业微信的成员，无法登录',
    "You are not a member of this unit's WeCom organisation and cannot sign in",
  ),
  socialUnbound: bilingual(
    '该第三方账号尚未绑定平台账号，请先绑定',
    'This third-party account is not linked to a platform account yet. Please link it first',
  ),
  socialPendingMissing: bilingual(
    '待绑定的第三方账号已失效，请返回登录页重新扫码',
    'The account to link has expired. Please go back to the login page and start again',
  ),
  socialIdentityTaken: bilingual(
    '该第三方账号已绑定其他平台账号',
    'This third-party account is already linked to another platform account',
  ),
  passwordChangeRequired: bilingual(
    '请先修改初始密码，然后才能继续使用',
    'Please change your one-time password before you continue',
  ),
  currentPasswordWrong: bilingual('当前密码不正确', 'The current password is incorrect'),
  passwordRefused: bilingual('新密码不符合要求', 'The new password cannot be used'),
  passwordSame: bilingual(
    '新密码不能与当前密码相同',
    'The new password must differ from the current one',
  ),
  passwordGuessable: bilingual(
    '新密码太容易被猜到：请加长，或用几个不相关的词组合，避免姓名、生日、常用密码和键盘顺序',
    'The new password is too easy to guess: make it longer, or join a few unrelated words; avoid names, dates, common passwords and keyboard runs',
  ),
  unitNotFound: bilingual('单位不存在', 'Unit not found'),
  /** A host bound to no unit, with no default unit either (a new production platform). */
  hostWithoutUnit: bilingual(
    '此地址尚未开通单位，请联系管理员',
    'No unit is set up at this address yet: please contact your administrator',
  ),
  imageNotFound: bilingual('图片不存在', 'Image not found'),
} as const;

export function passwordTooShort(minLength: number): string {
  const n = String(minLength);
  return bilingual(`新密码至少需要 ${n} 个字符`, `The new password needs at least ${n} characters`);
}

export function tooManyAttempts(retryAfterSeconds: number): string {
  const n = String(retryAfterSeconds);
  return bilingual(
    `登录失败次数过多，请在 ${n} 秒后重试`,
    `Too many failed attempts. Please try again in ${n} seconds`,
  );
}

/** Field labels for validation messages; unknown fields fall back to their wire name. */
const FIELD_LABELS: Record<string, readonly [zh: string, en: string]> = {
  username: ['用户名', 'User name'],
  password: ['密码', 'Password'],
  accessToken: ['访问令牌', 'Access token'],
  unitId: ['单位编号', 'Unit id'],
  userId: ['用户编号', 'User id'],
  url: ['地址', 'URL'],
  signature: ['签名', 'Signature'],
};

function label(field: string): readonly [string, string] {
  // Own keys only: a field named "constructor" is a field, not Object.prototype's.
  return Object.hasOwn(FIELD_LABELS, field)
    ? (FIELD_LABELS[field] ?? [field, field])
    : [field, field];
}

/** Messages of the validation rules, worded for the field they concern. */
export const FIELD_MESSAGES = {
  required(field: string): string {
    const [zh, en] = label(field);
    return bilingual(`${zh}不能为空`, `${en} cannot be empty`);
  },
  tooShort(field: string, limit: number): string {
    const [zh, en] = label(field);
    const n = String(limit);
    return bilingual(`${zh}长度不能少于 ${n} 个字符`, `${en} must be at least ${n} characters`);
  },
  tooLong(field: string, limit: number): string {
    const [zh, en] = label(field);
    const n = String(limit);
    return bilingual(`${zh}长度不能超过 ${n} 个字符`, `${en} must be at most ${n} characters`);
  },
  badFormat(field: string): string {
    const [zh, en] = label(field);
    return bilingual(`${zh}格式不正确`, `${en} has an invalid format`);
  },
  badType(field: string): string {
    const [zh, en] = label(field);
    return bilingual(`${zh}类型不正确`, `${en} has the wrong type`);
  },
  invalid(field: string): string {
    const [zh, en] = label(field);
    return bilingual(`${zh}取值无效`, `${en} has an invalid value`);
  },
  unknown(field: string): string {
    const [zh, en] = label(field);
    return bilingual(`不接受参数 ${zh}`, `${en} is not a field of this call`);
  },
  missingBody: bilingual('缺少请求内容', 'The request body is missing'),
} as const;
