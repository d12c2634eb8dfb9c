import { Type } from '@sinclair/typebox';
import { PARAM_LANGUAGE } from './http-headers';
import { RoleParamsSchema } from './desktop';

/**
 * Request schemas of calls whose other schemas live elsewhere in contract/ (they were declared
 * beside their routes in server/): the OAuth authorisation page's calls, the social login's path
 * and in-app queries, the storage images' paths, the table export's query and the admin check's
 * path. Every call's schemas are listed in contract/operations.ts.
 */

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** GET /api/uaa/oauth/client: the partner and the redirect URI the page was opened with. */
export const ClientInfoQuerySchema = Type.Object(
  { client_id: Text(128), redirect_uri: Text(2048) },
  { additionalProperties: true },
);

/** POST /api/uaa/shiyue_webauth: the authorisation request and the user's decision. */
export const WebAuthBodySchema = Type.Object(
  {
    response_type: Text(64),
    client_id: Text(128),
    redirect_uri: Text(2048),
    state: Text(1024),
    unitHost: Text(255),
    scope: Text(256),
    code_challenge: Text(128),
    code_challenge_method: Text(16),
    decision: Type.Optional(Type.Union([Type.Literal('allow'), Type.Literal('deny')])),
  },
  { additionalProperties: false },
);

/** POST /api/uaa/social/{provider}: the provider's id. */
export const SocialProviderParamsSchema = Type.Object({
  provider: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
});

/** GET /api/uaa/social/mp_info and qy_info: the unit's host. */
export const SocialInAppQuerySchema = Type.Object({
  unitHost: Type.Optional(Type.String({ maxLength: 255 })),
});

/** GET /api/storage/show/unit/{unitId}: a unit's logo. */
export const UnitLogoParamsSchema = Type.Object({
  unitId: Type.String({ pattern: '^[0-9]{1,15}$' }),
});
/** GET /api/storage/show/user/{userId}: a user's avatar. */
export const UserAvatarParamsSchema = Type.Object({
  userId: Type.String({ pattern: '^[0-9]{1,15}$' }),
});
/** GET /api/storage/show/filing/{name}: a filing badge of the footer. */
export const FilingBadgeParamsSchema = Type.Object({
  name: Type.String({ pattern: '^[a-z]{1,32}$' }),
});

/** POST /api/base/common/table2xls?Sy-Language=: the language of the title and the errors. */
export const TableExportQuerySchema = Type.Object(
  { [PARAM_LANGUAGE]: Type.Optional(Type.String({ maxLength: 16 })) },
  { additionalProperties: true },
);

/** GET /api/base/role/user/{userId}/{roleCode}/{project}: the admin check (spec §6). */
export const RoleCheckParamsSchema = Type.Composite([
  RoleParamsSchema,
  Type.Object({
    roleCode: Type.String({ pattern: '^[A-Za-z0-9_]{1,32}$' }),
    project: Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }),
  }),
]);
