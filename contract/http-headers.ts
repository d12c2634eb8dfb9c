/**
 * Header and parameter names shared by the client and the server (spec §7 client behaviour).
 * The spec names the headers' purpose but not their spelling; these are the reference spelling.
 */
export const HEADER_LANGUAGE = 'sy-language';
export const HEADER_DEVICE = 'sy-device';
export const HEADER_APP_CODE = 'sy-app-code';
/** The header of a signed response: `{payload}${hash}` (see contract/signature.ts). */
export const HEADER_SIGNATURE = 'signature';
/** The query parameter carrying the language on form posts and downloads (spec §7). */
export const PARAM_LANGUAGE = 'Sy-Language';
/** The cache-busting query parameter added to GET and delete when caching is off. */
export const PARAM_TIMESTAMP = '_t';

export const DEVICES = ['app', 'h5', 'pc'] as const;
export type Device = (typeof DEVICES)[number];

/** Cookie names of the reference server's session (http-only). */
export const ACCESS_TOKEN_COOKIE = 'SY_ACCESS_TOKEN';
export const REFRESH_TOKEN_COOKIE = 'SY_REFRESH_TOKEN';
/** The header carrying a solved proof of work (an ALTCHA payload, base64 JSON) on a sign-in. */
export const HEADER_PROOF_OF_WORK = 'sy-altcha';
/**
 * The reference server's device cookie (http-only, path /api/uaa): a browser that signed in to an
 * account before passes that account's lock (docs/security.md, sign-in throttling).
 */
export const DEVICE_COOKIE = 'SY_DEVICE';
