import { Type, type Static } from '@sinclair/typebox';

import { NOTICE_CATEGORIES } from './notice-api';

export { NOTICE_API, NOTICE_CATEGORIES, NOTICE_CODES, type NoticeCategory } from './notice-api';

export const NOTICE_LIMITS = {
  title: 100,
  content: 5000,
  publisher: 50,
  contact: 30,
  email: 100,
  /** The largest page (spec §9's largest page size option). */
  pageSize: 400,
} as const;

/** Contact (spec §5): empty, or only digits, hyphens and spaces. */
export const CONTACT_PATTERN = '^[0-9 -]*$';
/** Email (spec §5), or empty. */
export const OPTIONAL_EMAIL_PATTERN = '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

const CategorySchema = Type.Union(NOTICE_CATEGORIES.map((category) => Type.Literal(category)));

export const NoticeSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  category: CategorySchema,
  content: Type.String(),
  publisher: Type.String(),
  contact: Type.String(),
  email: Type.String(),
  /** Milliseconds since the epoch. */
  publishedAt: Type.Integer(),
});
export type Notice = Static<typeof NoticeSchema>;

export const NoticeListQuerySchema = Type.Object(
  {
    start: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: NOTICE_LIMITS.pageSize })),
    title: Type.Optional(Type.String({ maxLength: NOTICE_LIMITS.title })),
    category: Type.Optional(Type.Union([CategorySchema, Type.Literal('')])),
  },
  { additionalProperties: true },
);
export type NoticeListQuery = Static<typeof NoticeListQuerySchema>;

export const NoticePageSchema = Type.Object({
  list: Type.Array(NoticeSchema),
  total: Type.Integer(),
});
export type NoticePage = Static<typeof NoticePageSchema>;

export const NoticeSaveSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    title: Type.String({ minLength: 1, maxLength: NOTICE_LIMITS.title, pattern: '\\S' }),
    category: CategorySchema,
    content: Type.String({ minLength: 1, maxLength: NOTICE_LIMITS.content, pattern: '\\S' }),
    publisher: Type.String({ minLength: 1, maxLength: NOTICE_LIMITS.publisher, pattern: '\\S' }),
    contact: Type.String({ maxLength: NOTICE_LIMITS.contact, pattern: CONTACT_PATTERN }),
    email: Type.Optional(
      Type.String({ maxLength: NOTICE_LIMITS.email, pattern: OPTIONAL_EMAIL_PATTERN }),
    ),
  },
  { additionalProperties: false },
);
export type NoticeSave = Static<typeof NoticeSaveSchema>;

export const NoticeDeleteSchema = Type.Object(
  { id: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const NoticeStatsSchema = Type.Object({
  /** Notices per month (YYYY-MM, China time), oldest first. */
  perMonth: Type.Array(Type.Object({ month: Type.String(), count: Type.Integer() })),
  perCategory: Type.Array(Type.Object({ category: CategorySchema, count: Type.Integer() })),
});
export type NoticeStats = Static<typeof NoticeStatsSchema>;
