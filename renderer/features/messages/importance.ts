import {
  MESSAGE_IMPORTANCE_COLORS,
  MESSAGE_IMPORTANCE_LEVELS,
  type MessageImportance,
} from '../../../contract/desktop-codes';

/** A message's importance as one of the five levels (spec §3); unknown values count as 1. */
export function importanceLevel(value: number): MessageImportance {
  return MESSAGE_IMPORTANCE_LEVELS.find((level) => level === value) ?? 1;
}

/** Spec §3: 1 dark grey, 2 black, 3 brown, 4 orange, 5 red. */
export function importanceColor(value: number): string {
  return MESSAGE_IMPORTANCE_COLORS[importanceLevel(value)];
}

/**
 * The i18n key of the importance's text label. Colour alone must not carry the importance
 * (WCAG 1.4.1), so every message shows this label next to its colour marker.
 */
export function importanceLabelKey(value: number): `messages.importance.level${MessageImportance}` {
  return `messages.importance.level${importanceLevel(value)}`;
}
