/**
 * The states of one upload and the only ways between them (an upload is a state machine
 * with explicit states). Pure: the queue asks `transition` and obeys; an event that is
 * not allowed in a state changes nothing.
 *
 *   queued ─start→ hashing ─hashed→ checking ─found→ done (instant upload)
 *                                     └─missing→ uploading ─sent→ done (single request)
 *                                                          └─chunks-sent→ merging ─merged→ done
 *   any active ─pause→ paused ─resume→ queued;  active ─fail→ error ─retry→ queued
 *   anything unfinished ─cancel→ cancelled;  needs-file ─file→ queued (after a reload)
 */
export const UPLOAD_STATES = [
  'queued',
  'hashing',
  'checking',
  'uploading',
  'merging',
  'paused',
  'error',
  'needs-file',
  'done',
  'cancelled',
] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export type UploadEvent =
  | 'start'
  | 'hashed'
  | 'found'
  | 'missing'
  | 'sent'
  | 'chunks-sent'
  | 'merged'
  | 'pause'
  | 'resume'
  | 'fail'
  | 'retry'
  | 'cancel'
  | 'file';

const ACTIVE = { pause: 'paused', fail: 'error', cancel: 'cancelled' } as const;

const TRANSITIONS: Record<UploadState, Partial<Record<UploadEvent, UploadState>>> = {
  queued: { start: 'hashing', pause: 'paused', cancel: 'cancelled' },
  hashing: { hashed: 'checking', ...ACTIVE },
  checking: { found: 'done', missing: 'uploading', ...ACTIVE },
  uploading: { sent: 'done', 'chunks-sent': 'merging', ...ACTIVE },
  merging: { merged: 'done', ...ACTIVE },
  paused: { resume: 'queued', cancel: 'cancelled' },
  error: { retry: 'queued', cancel: 'cancelled' },
  'needs-file': { file: 'queued', cancel: 'cancelled' },
  done: {},
  cancelled: {},
};

/** The next state, or null when the event is not allowed in this state. */
export function transition(state: UploadState, event: UploadEvent): UploadState | null {
  return TRANSITIONS[state][event] ?? null;
}

/** States in which work is under way (a file slot is taken). */
export function isActive(state: UploadState): boolean {
  return (
    state === 'hashing' || state === 'checking' || state === 'uploading' || state === 'merging'
  );
}

export function isFinished(state: UploadState): boolean {
  return state === 'done' || state === 'cancelled';
}
