import { bilingual, type ApiEnvelope } from '../../contract/envelope';
import { FORBIDDEN_CODE } from '../../contract/desktop-codes';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';

/** The desktop calls' business messages, bilingual (`中文|||English`). */
export const BASE_MESSAGES = {
  notOwnData: bilingual('无权访问他人的数据', "You may not access another user's data"),
  otherUnit: bilingual('无权访问其他单位的数据', "You may not access another unit's data"),
  adminOnly: bilingual(
    '只有系统管理员可以为全部用户同步主题',
    'Only a system administrator can sync the theme for all users',
  ),
  notLinked: bilingual(
    '该账号未与您的账号关联，无法切换',
    'This account is not linked to yours, so you cannot switch to it',
  ),
  accountUnavailable: bilingual(
    '该账号不可用，请联系管理员',
    'This account is not available. Please contact your administrator',
  ),
  notYourChild: bilingual('只能选择自己的孩子', 'You can only choose one of your own children'),
  childInactive: bilingual('该学生当前不可选择', 'This student cannot be chosen at the moment'),
  studentsForbidden: bilingual(
    '只能查看自己孩子或本单位学生的信息',
    "You can only see your own children or your unit's students",
  ),
  messageNotFound: bilingual('消息不存在', 'Message not found'),
  unknownApps: bilingual('应用不存在', 'Unknown application'),
  versionNotFound: bilingual('该模块没有版本信息', 'This module has no version information'),
} as const;

/**
 * A business refusal: HTTP 200 with envelope status 403, so the client shows the bilingual
 * message (spec §8 reads the body) instead of a bare HTTP status text.
 */
export function refuse(message: string): ApiEnvelope<null> {
  return fail(403, FORBIDDEN_CODE, message);
}

/**
 * A field that passed the schema but breaks a rule only the server can check: HTTP 400 with a
 * bilingual field error, like a schema failure (server/http/error-handler.ts).
 */
export function invalidField(
  reply: { code: (status: 400) => unknown },
  field: string,
  message: string,
): ApiEnvelope<null> {
  reply.code(400);
  return fail(400, 'invalid_request', MESSAGES.invalidRequest, {
    fieldErrors: [{ field, message }],
  });
}
