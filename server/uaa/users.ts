import type { Database, Statement } from 'better-sqlite3';
import type { Child } from '../../contract/auth';

export interface User {
  id: number;
  unitId: number;
  loginName: string;
  realName: string;
  userType: number;
  sex: number;
  avatar: string;
  userStatus: number;
  superman: boolean;
  schoolYear: string;
  term: string;
}

export interface UserRow {
  id: number;
  unit_id: number;
  login_name: string;
  real_name: string;
  user_type: number;
  sex: number;
  avatar: string;
  user_status: number;
  superman: number;
  school_year: string;
  term: string;
}

interface ChildRow {
  id: number;
  parent_user_id: number;
  real_name: string;
  grade_name: string;
  class_name: string;
  status: number;
}

// The password hash is not a user field: it is read only by findCredentials, for sign-in.
const USER_COLUMNS = `id, unit_id, login_name, real_name, user_type, sex, avatar, user_status,
  superman, school_year, term`;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    unitId: row.unit_id,
    loginName: row.login_name,
    realName: row.real_name,
    userType: row.user_type,
    sex: row.sex,
    avatar: row.avatar,
    userStatus: row.user_status,
    superman: row.superman === 1,
    schoolYear: row.school_year,
    term: row.term,
  };
}

function toChild(row: ChildRow): Child {
  return {
    id: String(row.id),
    realName: row.real_name,
    gradeName: row.grade_name,
    className: row.class_name,
    status: row.status,
    parentId: String(row.parent_user_id),
  };
}

/** Accounts, their roles and (for parents) their children. */
export class UserRepository {
  private readonly byLoginName: Statement<[string], UserRow & { password_hash: string }>;
  private readonly byId: Statement<[number], UserRow>;
  private readonly childrenOf: Statement<[number], ChildRow>;
  private readonly role: Statement<[number, string, string], { found: number }>;
  private readonly passwordHashUpdate: Statement<[string, number, string]>;

  constructor(db: Database) {
    // login_name is COLLATE NOCASE: 'Teacher01' signs in as teacher01.
    this.byLoginName = db.prepare(
      `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE login_name = ?`,
    );
    this.byId = db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`);
    this.childrenOf = db.prepare(
      `SELECT id, parent_user_id, real_name, grade_name, class_name, status
       FROM children WHERE parent_user_id = ? ORDER BY sort_order, id`,
    );
    this.role = db.prepare(
      `SELECT 1 AS found FROM user_roles WHERE user_id = ? AND role_code = ? AND project = ?`,
    );
    this.passwordHashUpdate = db.prepare(
      'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?',
    );
  }

  /**
   * Replaces a password hash with one of the same password at another cost, unless the password
   * changed meanwhile (the update names the hash it replaces).
   */
  replacePasswordHash(userId: number, previous: string, next: string): void {
    this.passwordHashUpdate.run(next, userId, previous);
  }

  /** The account of a sign-in name with its password hash (names are case-insensitive). */
  findCredentials(loginName: string): { user: User; passwordHash: string } | undefined {
    const row = this.byLoginName.get(loginName);
    return row && { user: toUser(row), passwordHash: row.password_hash };
  }

  findById(id: number): User | undefined {
    const row = this.byId.get(id);
    return row && toUser(row);
  }

  children(parentUserId: number): Child[] {
    return this.childrenOf.all(parentUserId).map(toChild);
  }

  hasRole(userId: number, roleCode: string, project: string): boolean {
    return this.role.get(userId, roleCode, project) !== undefined;
  }
}
