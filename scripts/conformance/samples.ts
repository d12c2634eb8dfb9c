import { createHash } from 'node:crypto';
import { UPLOAD_FIELDS as F } from '../../contract/upload';
import { THEME_TYPES } from '../../contract/desktop-codes';

/**
 * The requests the conformance runner sends for each call of contract/operations.ts, built from
 * what the signed-in user's `me` answer says (ids, unit). `expect` says what a conforming back
 * end answers: `success` (status 200, data of the call's schema), `refusal` (a refusal envelope:
 * the sample cannot succeed on an unknown platform, e.g. a face that is no face) or `envelope`
 * (either, depending on the account: a teacher asking for a parent's children).
 */

export interface SampleContext {
  userId: string;
  unitId: string;
  userType: string;
  loginName: string;
  /** A file the run uploaded (with --allow-writes), for the download calls. */
  file?: { id: string; bytes: Uint8Array };
  /** A notice the run saved. */
  noticeId?: number;
}

export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
  files?: Record<string, { name: string; bytes: Uint8Array; type: string }>;
  expect: 'success' | 'refusal' | 'envelope';
}

/** Calls the runner checks in a flow of its own, or does not call with a valid request, and why. */
export const NOT_SAMPLED: Readonly<Record<string, string>> = {
  login: 'checked by the login flow',
  refresh: 'checked by the login flow',
  logout: 'checked by the login flow',
  relogin: 'checked by the login flow',
  ticketIssue: 'checked by the ticket flow',
  ticketLogin: 'checked by the ticket flow',
  changePassword: "would change the account's password",
};

/** A 1×1 PNG: the sample file of the upload calls (an image: every platform takes one). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const SAMPLE_FILE = new Uint8Array(Buffer.from(PNG_BASE64, 'base64'));
export const SAMPLE_MD5 = createHash('md5').update(SAMPLE_FILE).digest('hex');
const SAMPLE_NAME = 'conformance-check.png';
/** Base64 that is no image: the face calls refuse it. */
const NO_FACE = 'AAAAAAAAAAAAAAAAAAAAAAAA';

const file = () => ({ [F.uid]: 'conformance', [F.serverId]: 'base' });

export function sampleOf(id: string, ctx: SampleContext): Sample | undefined {
  const size = String(SAMPLE_FILE.length);
  const samples: Record<string, () => Sample> = {
    loginUserClient: () => ({ body: { userClientId: 'conformance-unknown' }, expect: 'refusal' }),
    me: () => ({ expect: 'success' }),
    loginConfig: () => ({ query: { url: 'localhost' }, expect: 'envelope' }),
    unitLoginConfig: () => ({ query: { unitId: ctx.unitId }, expect: 'success' }),
    switchLogin: () => ({ query: { userId: ctx.userId }, expect: 'success' }),
    faceLogin: () => ({ body: { faceImage: NO_FACE }, expect: 'refusal' }),
    faceClocking: () => ({ body: { faceImage: NO_FACE }, expect: 'refusal' }),
    faceCheck: () => ({ body: { faceImage: NO_FACE, userId: ctx.userId }, expect: 'refusal' }),
    faceUser: () => ({ query: { userId: ctx.userId }, expect: 'success' }),
    socialInfo: () => ({ expect: 'success' }),
    socialMpInfo: () => ({ expect: 'success' }),
    socialQyInfo: () => ({ expect: 'success' }),
    socialState: () => ({ body: { providerId: 'conformance-unknown' }, expect: 'refusal' }),
    socialLogin: () => ({
      params: { provider: 'conformance-unknown' },
      body: { code: 'x', state: 'x' },
      expect: 'refusal',
    }),
    socialPending: () => ({ expect: 'refusal' }),
    socialBind: () => ({ body: { username: ctx.loginName, password: 'x' }, expect: 'refusal' }),
    socialLinks: () => ({ expect: 'success' }),
    socialUnlink: () => ({ body: { issuer: 'conformance', subject: 'x' }, expect: 'refusal' }),
    oauthClient: () => ({
      query: { client_id: 'conformance-unknown', redirect_uri: 'https://example.invalid/' },
      expect: 'refusal',
    }),
    webAuth: () => ({
      body: {
        response_type: 'code',
        client_id: 'conformance-unknown',
        redirect_uri: 'https://example.invalid/',
        decision: 'allow',
      },
      expect: 'refusal',
    }),
    ssoLoginUrl: () => ({ expect: 'success' }),
    unitLogo: () => ({ params: { unitId: ctx.unitId }, expect: 'success' }),
    userAvatar: () => ({ params: { userId: ctx.userId }, expect: 'success' }),
    filingBadge: () => ({ params: { name: 'police' }, expect: 'success' }),
    secondUploadCheck: () => ({
      body: { [F.md5]: SAMPLE_MD5, [F.name]: SAMPLE_NAME, [F.size]: size, ...file() },
      expect: 'success',
    }),
    upload: () => ({
      body: { [F.md5]: SAMPLE_MD5, ...file() },
      files: { file: { name: SAMPLE_NAME, bytes: SAMPLE_FILE, type: 'image/png' } },
      expect: 'success',
    }),
    blockUploadCheck: () => ({
      body: {
        [F.md5]: SAMPLE_MD5,
        [F.size]: size,
        [F.chunks]: '1',
        [F.chunk]: '1',
        [F.name]: SAMPLE_NAME,
        [F.uid]: 'conformance',
      },
      expect: 'success',
    }),
    chunkUpload: () => ({
      body: {
        [F.chunked]: 'true',
        [F.chunk]: '1',
        [F.chunks]: '1',
        [F.eachSize]: size,
        [F.md5]: SAMPLE_MD5,
        [F.fileName]: SAMPLE_NAME,
        [F.name]: SAMPLE_NAME,
        [F.fullSize]: size,
        [F.uid]: 'conformance',
        [F.size]: size,
      },
      files: { file: { name: SAMPLE_NAME, bytes: SAMPLE_FILE, type: 'image/png' } },
      expect: 'success',
    }),
    mergeFile: () => ({
      body: {
        [F.md5]: SAMPLE_MD5,
        [F.name]: SAMPLE_NAME,
        [F.size]: size,
        [F.chunks]: '1',
        ...file(),
      },
      expect: 'success',
    }),
    base64Upload: () => ({
      body: {
        [F.fileName]: 'conformance-check',
        [F.base64]: PNG_BASE64,
        [F.type]: 'png',
        [F.serverId]: 'base',
      },
      expect: 'success',
    }),
    myFiles: () => ({ expect: 'success' }),
    download: () => ({ query: { [F.id]: ctx.file?.id ?? '' }, expect: 'success' }),
    downloadForm: () => ({ body: { [F.id]: ctx.file?.id ?? '' }, expect: 'success' }),
    tableExport: () => ({
      query: { 'Sy-Language': 'en' },
      body: { [F.title]: 'Conformance', [F.data]: '<table><tr><td>1</td></tr></table>' },
      expect: 'success',
    }),
    myAppIcon: () => ({
      query: { userId: ctx.userId, unitId: ctx.unitId, appType: 1 },
      expect: 'success',
    }),
    appIconOrder: () => ({ body: { codes: [] }, expect: 'success' }),
    unreadCodeCount: () => ({ expect: 'success' }),
    insideModules: () => ({ expect: 'success' }),
    userAccessDetail: () => ({
      body: {
        userId: ctx.userId,
        userType: ctx.userType,
        unitId: ctx.unitId,
        resId: 'base',
        resName: 'base',
        type: 1,
      },
      expect: 'success',
    }),
    unhandleCount: () => ({ expect: 'success' }),
    messagesNotRead: () => ({ expect: 'success' }),
    messagesReadAll: () => ({ expect: 'success' }),
    messageReadById: () => ({ body: { desktopMessageId: '1' }, expect: 'envelope' }),
    popUpBox: () => ({ query: { start: 1, size: 1 }, expect: 'success' }),
    messageConfig: () => ({ expect: 'success' }),
    licenseUnitOam: () => ({ query: { unitId: ctx.unitId }, expect: 'success' }),
    licenseUnit: () => ({ query: { unitId: ctx.unitId, serverId: 'base' }, expect: 'success' }),
    resourceTree: () => ({ query: { code: 'base' }, expect: 'success' }),
    myDesktopColor: () => ({ expect: 'success' }),
    setTheme: () => ({
      body: { type: THEME_TYPES[0], theme: JSON.stringify({ theme: 'ink', lang: 'zh-CN' }) },
      expect: 'success',
    }),
    isVocationalSchool: () => ({ expect: 'success' }),
    haveInstitute: () => ({ query: { unitId: ctx.unitId }, expect: 'success' }),
    helpKey: () => ({ expect: 'success' }),
    userRole: () => ({
      params: { userId: ctx.userId, roleCode: 'XX_SYS_', project: 'base' },
      expect: 'success',
    }),
    allStudentsByParent: () => ({ query: { parentId: ctx.userId }, expect: 'envelope' }),
    studentByParent: () => ({ query: { parentId: ctx.userId }, expect: 'envelope' }),
    setParentChild: () => ({
      query: { parentId: ctx.userId },
      body: { id: '1' },
      expect: 'envelope',
    }),
    parentTeacherLinks: () => ({ query: { teacherId: ctx.userId }, expect: 'envelope' }),
    serverVersion: () => ({
      params: { code: 'base', versionFile: 'base_package_versions' },
      expect: 'success',
    }),
    speechToken: () => ({ query: { language: 'zh-CN' }, expect: 'envelope' }),
    vocabulary: () => ({ body: { vocabulary: 'conformance' }, expect: 'success' }),
    noticeList: () => ({ query: { start: 1, size: 1 }, expect: 'success' }),
    noticeStats: () => ({ expect: 'success' }),
    noticeSave: () => ({
      body: {
        title: 'Conformance check',
        category: 'school',
        content: 'Written by the conformance runner.',
        publisher: 'Conformance',
        contact: '',
      },
      expect: 'envelope',
    }),
    noticeDelete: () => ({ body: { id: ctx.noticeId ?? 1 }, expect: 'envelope' }),
  };
  return samples[id]?.();
}
