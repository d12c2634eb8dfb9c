import { Type, type Static } from '@sinclair/typebox';
import { FACE_IMAGE_LIMITS } from './face';

/** TypeBox schemas of the face calls (spec §7), apart from contract/face.ts (web build). */

/** Standard base64 without a data: prefix; whitespace is not allowed. */
const FaceImage = Type.String({
  minLength: 16,
  maxLength: FACE_IMAGE_LIMITS.maxBase64Length,
  pattern: '^[A-Za-z0-9+/]+={0,2}$',
});
const UserId = Type.String({ pattern: '^[0-9]{1,16}$' });

/** Login and clock-in: the widget's body (contract/face.ts FaceImageBody) may name a user; unused. */
export const FaceImageBodySchema = Type.Object(
  {
    faceImage: FaceImage,
    userId: Type.Optional(UserId),
    noIntercept: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  },
  { additionalProperties: false },
);
export type FaceImageBodyInput = Static<typeof FaceImageBodySchema>;

export const FaceCheckBodySchema = Type.Object(
  {
    faceImage: FaceImage,
    userId: UserId,
    noIntercept: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  },
  { additionalProperties: false },
);
export type FaceCheckBody = Static<typeof FaceCheckBodySchema>;

export const FaceUserQuerySchema = Type.Object(
  { userId: UserId, _t: Type.Optional(Type.String()), noIntercept: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
