/**
 * Authentication constants shared by the client and the server, free of schema code so the
 * web build does not carry the schema library.
 */

/** Longest username and password the platform accepts; longer input is refused before hashing. */
export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 128;

/** The login result code meaning wrong credentials; any other 400 code goes to the binding page. */
export const INVALID_GRANT = 'invalid_grant';
/** The login result code of a throttled account or address (status 429). */
export const TOO_MANY_ATTEMPTS = 'too_many_attempts';
/**
 * The login result code when the server has too many sign-ins at once (HTTP and envelope status
 * 503, with Retry-After): nothing was checked or counted; the user tries again in a moment.
 */
export const SIGN_IN_BUSY = 'sign_in_busy';

/** The user type of a parent (spec §1), whose children are loaded with the current user. */
export const PARENT_USER_TYPE = '3';
/** A child's status meaning active (spec §3). */
export const ACTIVE_CHILD_STATUS = 1;
/**
 * The answer code of a sign-in from an address under attack without a proof of work (status
 * 428, `data.challenge` an ALTCHA challenge): the request client solves it and sends the call
 * again with the solution in HEADER_PROOF_OF_WORK (docs/security.md, sign-in throttling).
 */
export const PROOF_OF_WORK_REQUIRED = 'proof_of_work_required';

/**
 * The answer code of an authenticated call refused because the user must first change a one-time
 * password (HTTP and envelope status 403): only the current user, the change and logout answer
 * until then (docs/security.md, "First sign-in password change").
 */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';
/**
 * The answer code of a password change refused for its new password (status 400): too short,
 * too guessable, or the current one; `fieldErrors` says why, on `newPassword`.
 */
export const PASSWORD_REFUSED = 'password_refused';
/** The shortest password a user may choose (NIST SP 800-63B's minimum). */
export const PASSWORD_MIN_LENGTH = 8;
