import type { Child } from '../../contract/auth';
import type { Sql } from '../db/sql';

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

// Users are found by the normalised key of their name, the same on both engines
// (server/auth/login-name.ts): 'Teacher01' and 'ｔeacher０2' sign in as teacher01 and teacher02.
const BY_LOGIN_KEY = `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE login_key = ?`;
const BY_ID = `SELECT ${USER_COLUMNS} FROM users WHERE id = ?`;
const CHILDREN_OF = `SELECT id, parent_user_id, real_name, grade_name, class_name, status
  FROM children WHERE parent_user_id = ? ORDER BY sort_order, id`;
const ROLE =
  'SELECT 1 AS found FROM user_roles WHERE user_id = ? AND role_code = ? AND project = ?';
const PASSWORD_HASH_UPDATE =
  'UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?';

/** Accounts, their roles and (for parents) their children. */
export class UserRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Replaces a password hash with one of the same password at another cost, unless the password
   * changed meanwhile (the update names the hash it replaces).
   */
  async replacePasswordHash(userId: number, previous: string, next: string): Promise<void> {
    await this.sql.run(PASSWORD_HASH_UPDATE, [next, userId, previous]);
  }

  /** The account of a sign-in name's normalised key (`loginKey`) with its password hash. */
  async findCredentials(key: string): Promise<{ user: User; passwordHash: string } | undefined> {
    const row = await this.sql.get<UserRow & { password_hash: string }>(BY_LOGIN_KEY, [key]);
    return row && { user: toUser(row), passwordHash: row.password_hash };
  }

  async findById(id: number): Promise<User | undefined> {
    // A request's text made a number (NaN, 1e30): no user, on PostgreSQL too (a BIGINT parameter).
    if (!Number.isSafeInteger(id)) return undefined;
    const row = await this.sql.get<UserRow>(BY_ID, [id]);
    return row && toUser(row);
  }

  async children(parentUserId: number): Promise<Child[]> {
    return (await this.sql.all<ChildRow>(CHILDREN_OF, [parentUserId])).map(toChild);
  }

  async hasRole(userId: number, roleCode: string, project: string): Promise<boolean> {
    return (await this.sql.get<{ found: number }>(ROLE, [userId, roleCode, project])) !== undefined;
  }
}
