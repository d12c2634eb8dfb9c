/** The platform's API paths (spec §7), one constant each, shared by the client and the server. */
export const API = {
  // Authentication (uaa)
  webAuth: '/api/uaa/shiyue_webauth',
  loginUserClient: '/api/uaa/oauth/login_user_client',
  login: '/api/uaa/oauth/login',
  relogin: '/api/uaa/oauth/relogin',
  refresh: '/api/uaa/oauth/refresh',
  socialLogin: (provider: string) => `/api/uaa/social/${encodeURIComponent(provider)}`,
  socialInfo: '/api/uaa/social/info',
  switchLogin: '/api/uaa/switch/login',
  me: '/api/uaa/oauth/me',
  loginConfig: '/api/uaa/oauth/login/config',
  unitLoginConfig: '/api/uaa/oauth/login/unit_config',
  logout: '/api/uaa/oauth/logout',
  faceLogin: '/api/uaa/oauth/login/face',
  faceClocking: '/api/uaa/login/face/clocking',
  faceCheck: '/api/uaa/face/check',
  faceUser: '/api/uaa/face/user',
  ssoLoginUrl: '/api/sso/select/login/url',
  /** Reference-server call: a one-time login ticket for the signed-in user (docs/oauth.md). */
  ticketIssue: '/api/uaa/ticket/issue',
  /** The reference server's ticket exchange (spec §4 step 4: the path is configurable). */
  ticketLogin: '/api/uaa/ticket/login',
  socialMpInfo: '/api/uaa/social/mp_info',
  socialQyInfo: '/api/uaa/social/qy_info',
  /** Reference-server calls of social login: a state bound to this browser, binding, links. */
  socialState: '/api/uaa/social/state',
  socialBind: '/api/uaa/social/bind',
  socialPending: '/api/uaa/social/pending',
  socialLinks: '/api/uaa/social/links',
  socialUnlink: '/api/uaa/social/unlink',
  /**
   * Reference-server call: the signed-in user changes their password (a one-time password at
   * first sign-in: docs/security.md).
   */
  changePassword: '/api/uaa/password',
  // Storage
  unitLogo: (unitId: string | number) =>
    `/api/storage/show/unit/${encodeURIComponent(String(unitId))}`,
} as const;

/**
 * The help centre (spec §2: opened with redUrl, accessToken, unitId and an optional key). The spec
 * does not place it; the reference server serves it here, on the platform's origin.
 */
export const HELP_CENTRE_PATH = '/common/help/index.html';

/** PH, the shared layer as an ES module for platform applications. */
export function phModulePath(phVersion: string): string {
  return `/common/plugins/common-ph/${phVersion}/ph.js`;
}

/** The shared language file (spec §7 language files). */
export function sharedLanguageFilePath(phVersion: string, lang: string): string {
  return `/common/plugins/common-ph/${phVersion}/lang/${lang}-ph.json`;
}

/** A module's language file (spec §7 language files). */
export function moduleLanguageFilePath(
  root: string,
  code: string,
  lang: string,
  appCode: string,
): string {
  return `/${root}/${code}/lang/${lang}-${appCode}.json`;
}

/**
 * The desktop shell's calls (spec §7 "Desktop, messages and unit data", "Students"). Every one
 * needs a session. `appIconOrder` is a reference-server extension (saves the icon order).
 */
export const DESKTOP_API = {
  myDesktopColor: '/api/base/my_desktop/color',
  setTheme: '/api/base/desktop/settheme',
  unhandleCount: '/api/base/desktop/unhandlecount',
  messagesNotRead: '/api/base/desktop/message_select_not_read',
  messagesReadAll: '/api/base/desktop/message_update_status_by_me',
  messageReadById: '/api/base/desktop/message_update_statusby_id',
  popUpBox: '/api/base/desktop/popUpBox_select',
  messageConfig: '/api/base/desktop/getMessageConfig',
  myAppIcon: '/api/base/desktop/my_app_icon',
  appIconOrder: '/api/base/desktop/my_app_icon/order',
  unreadCodeCount: '/api/base/desktop/unReadCodeCount',
  insideModules: '/api/base/resource/inside/module',
  resourceTree: '/api/base/resource/user/code/tree',
  userAccessDetail: '/api/base/user_access_detail',
  licenseUnitOam: '/api/base/license/unit_oam',
  licenseUnit: '/api/base/license/unit',
  parentTeacherLinks: '/api/base/select/already/parent/teacher',
  userRole: (userId: string | number, roleCode = 'XX_SYS_', project = 'base') =>
    `/api/base/role/user/${encodeURIComponent(String(userId))}/${encodeURIComponent(roleCode)}/${encodeURIComponent(project)}`,
  isVocationalSchool: '/api/base/unit/is_vocational_school',
  haveInstitute: '/api/base/unit/have_institute',
  helpKey: '/api/base/unit/help_key',
  setParentChild: '/api/base/student/set/parentChildren',
  allStudentsByParent: '/api/base/student/find_all_student_by_parent_id',
  studentByParent: '/api/base/student/find_stu_by_parent_id',
} as const;

/** Versions (spec §7): the front end's package info of a module. */
export function packageInfoPath(root: string, code: string): string {
  return `/${root}/${code}/package.json`;
}

/** Versions (spec §7): a module's server version info (an envelope). */
export function serverVersionPath(code: string): string {
  return `/api/${code}/nl/${code}_package_versions`;
}

/** Versions (spec §7): a module's release list for the about dialog. */
export function versionFilePath(root: string, code: string): string {
  return `/${root}/${code}-version/version.json`;
}

/** Module scripts (spec §7): a viewport module's manifest. */
export function viewportManifestPath(app: string): string {
  return `/${app}/manifest.json`;
}

/** The reference server's application icons: `variant` '' (colour), 'gray' or 'cartoon'. */
export function appIconPath(code: string, variant: '' | 'gray' | 'cartoon' = ''): string {
  return `/common/icons/${code}${variant === '' ? '' : `-${variant}`}.svg`;
}

/**
 * Uploads, downloads and table export (spec §7 "Storage and export"). Every one needs a session.
 * The two multipart calls go through the platform gateway's /zuul prefix, as the spec lists them.
 * `download` and `myFiles` are the reference server's own (see docs/upload.md).
 */
export const STORAGE_API = {
  secondUploadCheck: '/api/storage/file_piecewise/second_upload_check',
  upload: '/zuul/api/storage/upload',
  blockUploadCheck: '/api/storage/file_piecewise/block_upload_check',
  chunkUpload: '/zuul/api/storage/file_piecewise/upload',
  mergeFile: '/api/storage/file_piecewise/merge_file',
  base64Upload: '/api/storage/upload/base64_convert_image',
  download: '/api/storage/download',
  myFiles: '/api/storage/my_files',
  tableExport: '/api/base/common/table2xls',
} as const;

/**
 * The voice recorder's calls (spec §7 "Students and speech"). `gateway` is the reference
 * server's stand-in for Alibaba Cloud's real-time speech recognition WebSocket (docs/voice.md).
 */
export const SPEECH_API = {
  token: '/api/base/get_ali_token',
  vocabulary: '/api/base/find_by_vocabulary',
  gateway: '/api/base/speech/ws/v1',
} as const;
