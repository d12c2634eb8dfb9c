import { bilingual } from '../../contract/envelope';

/** The authorisation page's errors (platform envelope, bilingual `中文|||English`). */
export const OAUTH_MESSAGES = {
  // The spec's text (§2, §8), in English only there; the Chinese part is ours.
  missingClientId: bilingual(
    '缺少 client_id，请返回重试！',
    'Missing client_id, please go back and try again!',
  ),
  invalidClient: bilingual(
    '该应用未在平台登记，无法授权',
    'This application is not registered with the platform and cannot be authorised',
  ),
  invalidRedirectUri: bilingual(
    '回调地址与该应用登记的地址不一致，已停止授权',
    'The redirect address does not match the one registered for this application; authorisation stopped',
  ),
} as const;
