import { API } from '../../../contract/api-paths';
import type { ApiEnvelope } from '../../../contract/envelope';
import {
  FACE_CODES,
  type FaceClockingData,
  type FaceImageBody,
  type FaceRecord,
} from '../../../contract/face';
import { businessErrorMessage, isSuccess } from '../http/envelope-result';
import { isHttpError } from '../http/errors';
import { httpHooks } from '../http/hooks';
import { http } from '../http/http';

/**
 * The four face calls (spec §7). They skip the global error interceptor: no toast, and the
 * widget shows the server's message itself with a click-to-retry prompt (spec §8). Each
 * resolves to the data, or to the message to show (a bilingual server message in the current
 * language, else the client's own text for a network error or an HTTP status).
 */
export type FaceCallResult<T> =
  { ok: true; data: T } | { ok: false; message: string; code: string; status: number };

/** Spec §5: collect mode without a userId raises this error (exact text). */
export const USER_ID_NOT_FIND = 'userId is not find';

async function answer<T>(call: Promise<ApiEnvelope<T>>): Promise<FaceCallResult<T>> {
  try {
    const envelope = await call;
    if (isSuccess(envelope)) return { ok: true, data: envelope.data };
    return {
      ok: false,
      message: businessErrorMessage(envelope, httpHooks().getLanguage()),
      code: envelope.code,
      status: envelope.status,
    };
  } catch (error) {
    if (isHttpError(error)) {
      return { ok: false, message: error.message, code: error.code, status: error.status };
    }
    throw error;
  }
}

function requireUserId(userId: string): string {
  const id = userId.trim();
  if (id === '') throw new Error(USER_ID_NOT_FIND);
  return id;
}

/**
 * Face login (spec §7): status 200 means the session is set; the page then reloads. Like the
 * password login, a refusal never starts the refresh-and-relogin flow.
 */
export function faceLogin(faceImage: string): Promise<FaceCallResult<unknown>> {
  const body: FaceImageBody = { faceImage };
  return answer(http.post(API.faceLogin, body, { noIntercept: true, skipAuthRefresh: true }));
}

/**
 * Face clock-in (spec §7): status 200 hands the data to the parent as user info. The clock-in
 * device is signed in, so an expired session takes the usual refresh-and-relogin path.
 */
export function faceClocking(faceImage: string): Promise<FaceCallResult<FaceClockingData>> {
  const body: FaceImageBody = { faceImage };
  return answer(http.post<FaceClockingData>(API.faceClocking, body, { noIntercept: true }));
}

/** Saves a user's face photo (spec §7 face check). Throws 'userId is not find' without one. */
export function checkFace(faceImage: string, userId: string): Promise<FaceCallResult<unknown>> {
  const body: FaceImageBody = { faceImage, userId: requireUserId(userId) };
  return answer(http.post(API.faceCheck, body, { noIntercept: true }));
}

function asRecord(data: unknown): FaceRecord | null {
  if (typeof data !== 'object' || data === null) return null;
  const { faceImage, registerTime, userId } = data as Record<string, unknown>;
  if (typeof faceImage !== 'string' || faceImage === '') return null;
  return {
    faceImage,
    registerTime: typeof registerTime === 'string' ? registerTime : '',
    userId: typeof userId === 'string' || typeof userId === 'number' ? String(userId) : '',
  };
}

/**
 * The user's stored photo (spec §7), or null when none is stored yet, or when the caller may
 * not see it (an administrator collecting someone else's photo may still save a new one; the
 * save call says so if not). Throws 'userId is not find' without a userId.
 */
export async function fetchFaceRecord(userId: string): Promise<FaceCallResult<FaceRecord | null>> {
  const id = requireUserId(userId);
  const result = await answer(http.get(API.faceUser, { userId: id }, { noIntercept: true }));
  if (result.ok) return { ok: true, data: asRecord(result.data) };
  if (result.code === FACE_CODES.notEnrolled || result.code === FACE_CODES.forbidden) {
    return { ok: true, data: null };
  }
  return result;
}

/** 'YYYY-MM-DD HH:mm:ss' in local time, the format of registerTime (spec §3). */
export function formatRegisterTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The capture time of a photo just saved: the server's when the answer carries one. */
export function savedRegisterTime(data: unknown, now: Date): string {
  if (typeof data === 'object' && data !== null) {
    const { registerTime } = data as Record<string, unknown>;
    if (typeof registerTime === 'string' && registerTime !== '') return registerTime;
  }
  return formatRegisterTime(now);
}
