import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { IssuedTicket } from './auth';
import type { FaceClockingData, FaceRecord } from './face';
import type { OAuthClientInfo } from './oauth';
import type { SocialLink, SocialPendingIdentity, SocialProvider, SocialState } from './social';
import { SSO_PROVIDERS, type SsoLoginTarget } from './sso';
import type { ChunkAcceptedData, ChunkCheckData, UploadedFileInfo } from './upload';

/**
 * The TypeBox schemas of answers that contract/ describes elsewhere as TypeScript interfaces
 * only (upload, social, face, ticket, single sign-on, OAuth client, version), so that every call
 * of contract/operations.ts has a schema for its data. Kept apart from those files so that the
 * web build, which imports them at run time, does not carry the schema library. The interfaces
 * and these schemas are held together by the type `SchemasAreTheirInterfaces` below.
 */

/** contract/upload.ts UploadedFileInfo: a stored file. */
export const UploadedFileInfoSchema = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  ext: Type.String(),
  md5: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  contentType: Type.String(),
  url: Type.String(),
  serverid: Type.String(),
  uid: Type.String(),
  createTime: Type.Integer(),
});

/** contract/upload.ts ChunkCheckData: data.data true means the chunk exists. */
export const ChunkCheckDataSchema = Type.Object({ data: Type.Boolean() });

/** contract/upload.ts ChunkAcceptedData. */
export const ChunkAcceptedDataSchema = Type.Object({
  chunk: Type.Integer({ minimum: 1 }),
  chunks: Type.Integer({ minimum: 1 }),
});

/** contract/social.ts SocialProvider. */
export const SocialProviderSchema = Type.Object({
  providerId: Type.String(),
  kind: Type.Union([Type.Literal('weixin'), Type.Literal('weixin_mp'), Type.Literal('wecom')]),
  name: Type.String(),
  providerAppId: Type.String(),
  providerApplicationId: Type.String(),
  providerAppLoginUrl: Type.String(),
  providerInAppLoginUrl: Type.String(),
  logo: Type.String(),
});

/** contract/social.ts SocialState. */
export const SocialStateSchema = Type.Object({ state: Type.String() });

/** contract/social.ts SocialPendingIdentity. */
export const SocialPendingIdentitySchema = Type.Object({
  providerName: Type.String(),
  nickname: Type.String(),
});

/** contract/social.ts SocialLink. */
export const SocialLinkSchema = Type.Object({
  issuer: Type.String(),
  subject: Type.String(),
  providerName: Type.String(),
  nickname: Type.String(),
  linkedAt: Type.Integer(),
});

/** contract/face.ts FaceRecord. */
export const FaceRecordSchema = Type.Object({
  faceImage: Type.String(),
  registerTime: Type.String(),
  userId: Type.String(),
});

/** What an enrolment (POST /api/uaa/face/check) answers: whose face, and when. */
export const FaceEnrolledSchema = Type.Object({
  userId: Type.String(),
  registerTime: Type.String(),
});

/** contract/face.ts FaceClockingData. */
export const FaceClockingDataSchema = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  unitId: Type.String(),
  clockTime: Type.String(),
});

/** contract/auth.ts IssuedTicket. */
export const IssuedTicketSchema = Type.Object({
  ticket: Type.String(),
  expiresIn: Type.Integer({ minimum: 1 }),
});

/** contract/sso.ts SsoLoginTarget. */
export const SsoLoginTargetSchema = Type.Object({
  code: Type.Union(SSO_PROVIDERS.map((code) => Type.Literal(code))),
  method: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
  url: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** contract/oauth.ts OAuthClientInfo. */
export const OAuthClientInfoSchema = Type.Object({
  clientId: Type.String(),
  name: Type.String(),
  logoUri: Type.String(),
  scopes: Type.Array(Type.String()),
});

/** GET /api/version: the node's product version and database schema (docs/operations.md). */
export const VersionInfoSchema = Type.Object({
  version: Type.String(),
  schema: Type.Integer({ minimum: 1 }),
});
export type VersionInfo = Static<typeof VersionInfoSchema>;

/** The data of a saved notice (the notice application, contract/notices.ts). */
export const NoticeSavedSchema = Type.Object({ id: Type.Integer() });

/** True when a schema's type and an interface are the same type. */
type Same<S extends TSchema, I> = [Static<S>] extends [I]
  ? [I] extends [Static<S>]
    ? true
    : false
  : false;
type Assert<T extends true> = T;

/** Fails to compile when a schema above and the interface it describes drift apart. */
export type SchemasAreTheirInterfaces = [
  Assert<Same<typeof UploadedFileInfoSchema, UploadedFileInfo>>,
  Assert<Same<typeof ChunkCheckDataSchema, ChunkCheckData>>,
  Assert<Same<typeof ChunkAcceptedDataSchema, ChunkAcceptedData>>,
  Assert<Same<typeof SocialProviderSchema, SocialProvider>>,
  Assert<Same<typeof SocialStateSchema, SocialState>>,
  Assert<Same<typeof SocialPendingIdentitySchema, SocialPendingIdentity>>,
  Assert<Same<typeof SocialLinkSchema, SocialLink>>,
  Assert<Same<typeof FaceRecordSchema, FaceRecord>>,
  Assert<Same<typeof FaceClockingDataSchema, FaceClockingData>>,
  Assert<Same<typeof IssuedTicketSchema, IssuedTicket>>,
  Assert<Same<typeof SsoLoginTargetSchema, SsoLoginTarget>>,
  Assert<Same<typeof OAuthClientInfoSchema, OAuthClientInfo>>,
];
