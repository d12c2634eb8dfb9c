import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from './auth-codes';

export {
  ACTIVE_CHILD_STATUS,
  INVALID_GRANT,
  PARENT_USER_TYPE,
  PASSWORD_CHANGE_REQUIRED,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REFUSED,
  PROOF_OF_WORK_REQUIRED,
  SIGN_IN_BUSY,
  TOO_MANY_ATTEMPTS,
  USERNAME_MAX_LENGTH,
} from './auth-codes';

export const LoginBodySchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    noIntercept: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

/** Login response data (spec §3): unitType defaults to "2". */
export const LoginDataSchema = Type.Object({
  unitType: Type.String(),
  unitId: Type.String(),
  userType: Type.String(),
  openid: Type.String(),
  unionid: Type.String(),
});
export type LoginData = Static<typeof LoginDataSchema>;

/** POST login_user_client (spec §7): the installation's client id. */
export const UserClientLoginBodySchema = Type.Object(
  { userClientId: Type.String({ minLength: 1, maxLength: 256, pattern: '^[\\x21-\\x7e]+$' }) },
  { additionalProperties: false },
);

export const ReloginBodySchema = Type.Object(
  {
    accessToken: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export type ReloginBody = Static<typeof ReloginBodySchema>;

/**
 * The reference server's password change (API.changePassword): the current password, always
 * (docs/security.md, "First sign-in password change"), and the new one.
 */
export const ChangePasswordBodySchema = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBodySchema>;

/** The ticket exchange (spec §7: ticket key, unitHost) on the reference server's default path. */
export const TicketLoginBodySchema = Type.Object(
  {
    ticket: Type.String({ minLength: 1, maxLength: 128 }),
    unitHost: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: false },
);

/** data of the reference server's ticket issue call. */
export interface IssuedTicket {
  ticket: string;
  /** Seconds the ticket stays valid. */
  expiresIn: number;
}

export const MeQuerySchema = Type.Object(
  {
    signature: Type.Optional(Type.String({ maxLength: 128 })),
    noIntercept: Type.Optional(Type.String()),
    _t: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const LoginConfigQuerySchema = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { additionalProperties: true },
);

export const UnitConfigQuerySchema = Type.Object(
  {
    unitId: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9]+$' }),
  },
  { additionalProperties: true },
);

/** A filing (备案) entry of the footer (spec §3 decorationSet.footerMsg.baList). */
export const FilingEntrySchema = Type.Object({
  baUrl: Type.String(),
  baImg: Type.String(),
  baContent: Type.String(),
  showImg: Type.Boolean(),
});
export type FilingEntry = Static<typeof FilingEntrySchema>;

/** decorationSet, sent as a JSON string inside the unit login config (spec §3). */
export const DecorationSetSchema = Type.Object({
  defaultLanguage: Type.String(),
  themeList: Type.Optional(Type.Array(Type.String())),
  footerMsg: Type.Object({
    show: Type.Boolean(),
    helpCenter: Type.Boolean(),
    conectNZ: Type.Boolean(),
    showBaMsg: Type.Boolean(),
    copyright: Type.String(),
    baList: Type.Array(FilingEntrySchema),
  }),
  /**
   * The voice recorder in phone browsers too (spec §2 keeps it to the native app; docs/voice.md).
   */
  voiceInBrowser: Type.Optional(Type.Boolean()),
});
export type DecorationSet = Static<typeof DecorationSetSchema>;

/**
 * Unit login config (spec §3): footer, link, baImg, baContent, baUrl, helpCenter and the
 * decorationSet JSON string, plus the unit's identity so the login page can show its logo and name.
 */
export const UnitLoginConfigSchema = Type.Object({
  unitId: Type.String(),
  unitName: Type.String(),
  unitEnName: Type.String(),
  unitType: Type.String(),
  unitImgPath: Type.String(),
  footer: Type.String(),
  link: Type.String(),
  baImg: Type.String(),
  baContent: Type.String(),
  baUrl: Type.String(),
  helpCenter: Type.Boolean(),
  decorationSet: Type.String(),
});
export type UnitLoginConfig = Static<typeof UnitLoginConfigSchema>;

/** A child (student) of a parent (spec §3). */
export const ChildSchema = Type.Object({
  id: Type.String(),
  realName: Type.String(),
  gradeName: Type.String(),
  className: Type.String(),
  status: Type.Integer(),
  parentId: Type.String(),
});
export type Child = Static<typeof ChildSchema>;

/**
 * The current user as it travels on the wire (spec §3), misspellings included
 * (`chirdenId`, `chirdenName`, `chirdenList`, `currentChirden`). The renderer maps it to correctly
 * named fields in exactly one place (renderer/core/session/user-mapper.ts).
 */
export const CurrentUserWireSchema = Type.Object({
  realName: Type.String(),
  loginName: Type.String(),
  avatar: Type.String(),
  unitId: Type.String(),
  unitType: Type.String(),
  userType: Type.String(),
  userId: Type.String(),
  unitName: Type.String(),
  unitEnName: Type.String(),
  chirdenId: Type.String(),
  unitImgPath: Type.String(),
  userImgPath: Type.String(),
  year: Type.String(),
  parentId: Type.String(),
  term: Type.String(),
  name: Type.String(),
  superman: Type.Boolean(),
  accessToken: Type.String(),
  sex: Type.Integer(),
  principal: Type.String(),
  unitStatus: Type.Integer(),
  unitShardingCode: Type.String(),
  userStatus: Type.Integer(),
  credentials: Type.String(),
  authenticated: Type.Boolean(),
  campusUnits: Type.String(),
  chirdenName: Type.String(),
  chirdenList: Type.Array(ChildSchema),
  currentChirden: Type.Union([ChildSchema, Type.Null()]),
  /**
   * A reference-server extension: true while the user must change a one-time password before
   * anything else (every other call is refused with PASSWORD_CHANGE_REQUIRED). Other back ends
   * may omit it: absent means false.
   */
  mustChangePassword: Type.Optional(Type.Boolean()),
});
export type CurrentUserWire = Static<typeof CurrentUserWireSchema>;
