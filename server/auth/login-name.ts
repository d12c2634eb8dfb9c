/**
 * The one form a sign-in name is compared in, on both engines (docs/security.md, "Sign-in
 * names"): Unicode NFKC (full-width `ｔeacher０2` is `teacher02`), without format characters
 * (soft hyphen, zero-width space and joiners, bidirectional marks: Unicode category Cf) and other
 * default-ignorable marks (combining grapheme joiner, variation selectors), lowercased. Users
 * are found by this key (`users.login_key`, a plain unique column), and every throttle counter of
 * an unknown name is kept under it, so no spelling of a name gets a budget of its own.
 */
const IGNORABLE =
  /\p{Cf}|\u034F|[\u180B-\u180F]|[\uFE00-\uFE0F]|[\u115F\u1160\u3164\uFFA0]|\u17B4|\u17B5/gu;

export function loginKey(name: string): string {
  return name.normalize('NFKC').replace(IGNORABLE, '').toLowerCase().normalize('NFKC').trim();
}
