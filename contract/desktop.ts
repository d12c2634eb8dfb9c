import { Type, type Static } from '@sinclair/typebox';
import { MENU_CATEGORY_CODES, THEME_TYPES } from './desktop-codes';

/**
 * The desktop shell's wire shapes (spec §3, §7 "Desktop, messages and unit data", "Students",
 * versions, module scripts): one TypeBox schema per entity, giving both the server's validation
 * and the static type. The renderer imports this file with `import type` only; its runtime
 * constants live in contract/desktop-codes.ts. Misspelt wire fields (`messageMeno`, `metto`)
 * keep their wire spelling here.
 */

/** An id travelling as a string of digits (user, unit, child, message ids). */
const Id = Type.String({ pattern: '^[0-9]{1,15}$' });
/** A code of an application, module (serverId) or permission. */
const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

// ---------------------------------------------------------------------------------------------
// Entities (answers)
// ---------------------------------------------------------------------------------------------

/**
 * An application item, i.e. a desktop icon (spec §3), every field. `frontUserType` and
 * `limitUserType` are comma-separated user types ("2,4"); an empty `limitUserType` means every
 * type may see the icon. `updateStatus` 0 hides the icon; `unReadCodeCount` is the caller's
 * unread count on it. Icon paths are same-origin URLs (see docs/server.md "Icons").
 */
export const ApplicationItemSchema = Type.Object({
  code: Type.String(),
  zname: Type.String(),
  name: Type.String(),
  shortName: Type.String(),
  englishShortName: Type.String(),
  englishName: Type.String(),
  imgPath: Type.String(),
  imgGrayPath: Type.String(),
  imgCartoonPath: Type.String(),
  iconImg: Type.String(),
  menuRoute: Type.String(),
  serverId: Type.String(),
  deployPath: Type.String(),
  frontUserType: Type.String(),
  limitUserType: Type.String(),
  appType: Type.Integer(),
  updateStatus: Type.Integer(),
  unReadCodeCount: Type.Integer(),
});
export type ApplicationItem = Static<typeof ApplicationItemSchema>;

/** A menu category (spec §3): its code, Chinese name and icons, in the caller's saved order. */
export const MenuCategorySchema = Type.Object({
  code: Type.Union(MENU_CATEGORY_CODES.map((code) => Type.Literal(code))),
  name: Type.String(),
  iconVMs: Type.Array(ApplicationItemSchema),
});
export type MenuCategory = Static<typeof MenuCategorySchema>;

/** A node of the menu resource tree (spec §3): resourceType 2 is a route (with menuRoute). */
export interface MenuResourceNode {
  code: string;
  name: string;
  resourceType: number;
  menuRoute: string;
  children: MenuResourceNode[];
}
export const MenuResourceNodeSchema = Type.Recursive(
  (Node) =>
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      resourceType: Type.Integer(),
      menuRoute: Type.String(),
      children: Type.Array(Node),
    }),
  { $id: 'MenuResourceNode' },
);

/**
 * A desktop message or to-do item (spec §3 desktop message). `messageDate` is
 * 'YYYY-MM-DD HH:mm:ss' (China time, UTC+8). `openWay` 1 opens the module-expiry dialog and then
 * `content` is a JSON string of ModuleExpiryItem[]; otherwise `content` is '' and `url` (http →
 * new window, else navigate; '' → nothing) says where to go.
 */
export const DesktopMessageSchema = Type.Object({
  id: Type.String(),
  messageMeno: Type.String(),
  importance: Type.Integer({ minimum: 1, maximum: 5 }),
  module: Type.String(),
  messageDate: Type.String(),
  url: Type.String(),
  openWay: Type.Integer(),
  content: Type.String(),
});
export type DesktopMessage = Static<typeof DesktopMessageSchema>;

/**
 * A module licence row (spec §3 module expiry item). `code` is the module (serverId); `endTime`
 * is 'YYYY-MM-DD HH:mm:ss' (UTC+8); `endTimestamp` the same instant in epoch ms (an addition, so
 * the client needs no date parsing); `dqstatus` 1 in use, 2 soon (within 90 days), 3 expired,
 * computed at request time; `statusText` in the request's language (sy-language header).
 */
export const ModuleExpiryItemSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  endTime: Type.String(),
  endTimestamp: Type.Integer(),
  dqstatus: Type.Integer({ minimum: 1, maximum: 3 }),
  statusText: Type.String(),
});
export type ModuleExpiryItem = Static<typeof ModuleExpiryItemSchema>;

/** Unread counts (spec §3): unread to-do items and unread messages of the caller. */
export const UnreadCountsSchema = Type.Object({
  todo: Type.Integer({ minimum: 0 }),
  message: Type.Integer({ minimum: 0 }),
});
export type UnreadCounts = Static<typeof UnreadCountsSchema>;

/** The to-do popup list (spec §3 popup list): one page of unread to-do items. */
export const PopupListSchema = Type.Object({
  list: Type.Array(DesktopMessageSchema),
  pages: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type PopupList = Static<typeof PopupListSchema>;

/** One entry of unReadCodeCount (spec §7): an application code and its unread count. */
export const AppUnreadCountSchema = Type.Object({
  code: Type.String(),
  num: Type.Integer({ minimum: 0 }),
});
export type AppUnreadCount = Static<typeof AppUnreadCountSchema>;

/** A module of resource/inside/module: its code (serverId) and names. */
export const ModuleNameSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  englishName: Type.String(),
});
export type ModuleName = Static<typeof ModuleNameSchema>;

/**
 * A role-switch entry (spec §3): one identity of a linked teacher/parent pair. `id` is the user
 * id to pass to GET /api/uaa/switch/login?userId=; `current` marks the signed-in identity;
 * `name` is that identity's real name.
 */
export const RoleSwitchEntrySchema = Type.Object({
  id: Type.String(),
  current: Type.Boolean(),
  name: Type.String(),
  parentId: Type.String(),
  parentName: Type.String(),
  teacherId: Type.String(),
  teacherName: Type.String(),
});
export type RoleSwitchEntry = Static<typeof RoleSwitchEntrySchema>;

/**
 * What the `theme` JSON string of the theme payload holds (spec §3): a theme name (ink, lotus,
 * cartoon) or a colour ('#457CD6'), and the language.
 */
export const ThemeSettingSchema = Type.Object({
  theme: Type.String({ minLength: 1, maxLength: 32 }),
  lang: Type.Optional(Type.String({ maxLength: 16 })),
});
export type ThemeSetting = Static<typeof ThemeSettingSchema>;

/** POST /api/base/desktop/settheme (spec §3 theme payload; form-encoded or JSON). */
export const ThemePayloadSchema = Type.Object(
  {
    type: Type.Union(THEME_TYPES.map((type) => Type.Literal(type))),
    theme: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type ThemePayload = Static<typeof ThemePayloadSchema>;

/**
 * GET /api/base/my_desktop/color answers a string (spec §7): '' (nothing saved: use the
 * default), a bare colour ('#4DB021', older records) or the JSON of a ThemeSetting.
 */
export const ThemeColorSchema = Type.String();

/** getMessageConfig's `data` is the JSON string of this object (spec §7 "config JSON"). */
export const MessageConfigSchema = Type.Object({
  /** Whether the PC desktop opens the messages dialog by itself when there are unread ones. */
  pcOpen: Type.Boolean(),
});
export type MessageConfig = Static<typeof MessageConfigSchema>;

/** A release of a version file (spec §3): version, date and its notes in both languages. */
export const VersionFileEntrySchema = Type.Object({
  version: Type.String(),
  date: Type.String(),
  metto: Type.Array(Type.Object({ cn: Type.String(), en: Type.String() })),
});
export type VersionFileEntry = Static<typeof VersionFileEntrySchema>;
/** GET /{root}/{code}-version/version.json: the releases, newest first. */
export const VersionFileSchema = Type.Array(VersionFileEntrySchema);

/**
 * GET /{root}/{code}/package.json (spec §3 package info): the front end's version and the
 * lowest server version it needs.
 */
export const PackageInfoSchema = Type.Object({
  name: Type.String(),
  appVersion: Type.String(),
  serverVersion: Type.String(),
  packageDate: Type.String(),
});
export type PackageInfo = Static<typeof PackageInfoSchema>;

/**
 * GET /api/{code}/nl/{code}_package_versions (spec §3 server version info), in the envelope:
 * the server's version and the lowest front-end version it needs.
 */
export const ServerVersionInfoSchema = Type.Object({
  serverVersion: Type.String(),
  webCodeVersion: Type.String(),
  date: Type.String(),
});
export type ServerVersionInfo = Static<typeof ServerVersionInfoSchema>;

/** GET /{app}/manifest.json (spec §7 module scripts): `{ "<fileId>.js": url, ".css": url }`. */
export const ViewportManifestSchema = Type.Record(Type.String(), Type.String());
export type ViewportManifest = Static<typeof ViewportManifestSchema>;

/** Unit flags (spec §3 iszx, unitHaveInstitute; §2 help-centre key), one call each. */
export const IsVocationalSchoolSchema = Type.Boolean();
export const HaveInstituteSchema = Type.Boolean();
export const HelpKeySchema = Type.String();

/** GET license/unit, GET role/user/{id}/XX_SYS_/base: a plain boolean in `data`. */
export const BooleanAnswerSchema = Type.Boolean();

// ---------------------------------------------------------------------------------------------
// Requests (queries and bodies)
// ---------------------------------------------------------------------------------------------

/** Query keys the client may add to any GET (cache-busting timestamp). */
const loose = { additionalProperties: true } as const;

/** GET desktop/my_app_icon: the caller's own ids (others are refused), appType 1. */
export const MyAppIconQuerySchema = Type.Object(
  {
    userId: Id,
    unitId: Id,
    appType: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
  },
  loose,
);
export type MyAppIconQuery = Static<typeof MyAppIconQuerySchema>;

/**
 * POST desktop/my_app_icon/order (reference-server extension): the caller's icon order, all
 * codes in display order. JSON `{codes: [...]}` or form `codes=a&codes=b`; `[]` resets.
 */
export const AppOrderBodySchema = Type.Object(
  {
    codes: Type.Array(Code, { maxItems: 200, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type AppOrderBody = Static<typeof AppOrderBodySchema>;

/** POST desktop/message_update_statusby_id. */
export const MessageReadBodySchema = Type.Object(
  { desktopMessageId: Id },
  { additionalProperties: false },
);
export type MessageReadBody = Static<typeof MessageReadBodySchema>;

/** GET desktop/popUpBox_select: `start` is the 1-based page, `size` the page size (3). */
export const PopupQuerySchema = Type.Object(
  {
    start: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
    size: Type.Integer({ minimum: 1, maximum: 100, default: 3 }),
  },
  loose,
);
export type PopupQuery = Static<typeof PopupQuerySchema>;

/** GET resource/user/code/tree: `code` is the application path (the desktop's is `base`). */
export const ResourceTreeQuerySchema = Type.Object({ code: Code }, loose);
export type ResourceTreeQuery = Static<typeof ResourceTreeQuerySchema>;

/** POST user_access_detail (spec §7): the caller opened an application. */
export const UserAccessDetailBodySchema = Type.Object(
  {
    userId: Id,
    userType: Type.String({ pattern: '^[0-9]{1,2}$' }),
    unitId: Id,
    resId: Type.String({ minLength: 1, maxLength: 64 }),
    resName: Type.String({ maxLength: 100 }),
    type: Type.Integer({ minimum: 1, maximum: 9 }),
  },
  { additionalProperties: false },
);
export type UserAccessDetailBody = Static<typeof UserAccessDetailBodySchema>;

/** Calls taking the caller's own unit: license/unit_oam, unit/have_institute. */
export const UnitIdQuerySchema = Type.Object({ unitId: Id }, loose);
export type UnitIdQuery = Static<typeof UnitIdQuerySchema>;

/** GET license/unit: whether the unit holds an unexpired licence for the module. */
export const LicenseUnitQuerySchema = Type.Object({ unitId: Id, serverId: Code }, loose);
export type LicenseUnitQuery = Static<typeof LicenseUnitQuerySchema>;

/** GET select/already/parent/teacher: the caller's own id as parentId or teacherId. */
export const ParentTeacherQuerySchema = Type.Object(
  {
    parentId: Type.Optional(Type.String({ pattern: '^[0-9]{0,15}$' })),
    teacherId: Type.Optional(Type.String({ pattern: '^[0-9]{0,15}$' })),
  },
  loose,
);
export type ParentTeacherQuery = Static<typeof ParentTeacherQuerySchema>;

/** The parentId query of the students calls. */
export const ParentIdQuerySchema = Type.Object({ parentId: Id }, loose);
export type ParentIdQuery = Static<typeof ParentIdQuerySchema>;

/** POST student/set/parentChildren?parentId=: the chosen child's fields; `id` decides. */
export const SetParentChildBodySchema = Type.Object(
  {
    id: Id,
    realName: Type.Optional(Type.String({ maxLength: 64 })),
    gradeName: Type.Optional(Type.String({ maxLength: 64 })),
    className: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(Type.Integer()),
    parentId: Type.Optional(Type.String({ pattern: '^[0-9]{0,15}$' })),
  },
  { additionalProperties: false },
);
export type SetParentChildBody = Static<typeof SetParentChildBodySchema>;

/** The path parameters of GET role/user/{userId}/XX_SYS_/base. */
export const RoleParamsSchema = Type.Object({ userId: Id });

/** GET /api/uaa/switch/login: the linked identity to switch to. */
export const SwitchLoginQuerySchema = Type.Object({ userId: Id }, loose);
export type SwitchLoginQuery = Static<typeof SwitchLoginQuerySchema>;
