/**
 * Teachers and parents may switch between the teacher identity and a linked parent identity
 * (spec §6), only on the desktop app or where the current app allows both user types. Pure.
 */
export function canSwitchRole(input: {
  userType: string;
  onDesktop: boolean;
  /** The current app's frontUserType list, when not on the desktop. */
  appUserTypes?: readonly string[];
  linkedIdentities: number;
}): boolean {
  const teacherOrParent =
    input.userType === '2' || input.userType === '4' || input.userType === '3';
  if (!teacherOrParent || input.linkedIdentities < 2) return false;
  if (input.onDesktop) return true;
  const types = input.appUserTypes ?? [];
  return types.some((type) => type === '2' || type === '4') && types.includes('3');
}
