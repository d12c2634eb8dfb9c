/**
 * The built HTML's JSON block that lists, per landing page, the files its code needs beyond the
 * entry's (scripts/vite/page-files.ts writes it; the login page prefetches from it).
 */
export const PAGE_FILES_ELEMENT_ID = 'edudesk-page-files';

/** The landing pages whose files the HTML lists. */
export type LandingPageCode = 'desktop' | 'mobile-desktop';
