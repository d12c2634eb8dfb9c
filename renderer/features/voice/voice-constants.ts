/** The voice recorder's constants (spec §9). */
export const LONG_PRESS_MS = 200;
export const MAX_RECORDING_SECONDS = 60;
export const RESET_AFTER_MS = 1000;
export const HINT_MS = 3000;
