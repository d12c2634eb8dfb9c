// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CurrentUserWire } from '../../../contract/auth';
import {
  AVATAR_BOY,
  AVATAR_DEFAULT,
  AVATAR_GIRL,
  defaultUserImage,
  parseCampusUnits,
  parseCurrentUser,
  serialiseStoredUser,
  toCurrentUser,
  userImage,
} from './user-mapper';

const child = {
  id: 'c1',
  realName: '张小明',
  gradeName: '三年级',
  className: '2班',
  status: 1,
  parentId: 'p1',
};

const wireUser: CurrentUserWire = {
  realName: '张家长',
  loginName: 'parent01',
  avatar: '',
  unitId: '1001',
  unitType: '2',
  userType: '3',
  userId: 'p1',
  unitName: '阳光实验小学',
  unitEnName: 'Sunshine Experimental Primary School',
  chirdenId: 'c1',
  unitImgPath: '/api/storage/show/unit/1001',
  userImgPath: '',
  year: '2026',
  parentId: '',
  term: '1',
  name: 'parent01',
  superman: false,
  accessToken: 'secret-token',
  sex: 2,
  principal: 'parent01',
  unitStatus: 1,
  unitShardingCode: 's1',
  userStatus: 1,
  credentials: 'secret-credentials',
  authenticated: true,
  campusUnits: '[{"unitId":"1002","unitName":"东校区"}]',
  chirdenName: '张小明',
  chirdenList: [child],
  currentChirden: child,
};

describe('toCurrentUser', () => {
  it('maps the misspelt wire names to correct ones and parses campusUnits', () => {
    const user = toCurrentUser(wireUser);
    expect(user.childId).toBe('c1');
    expect(user.childName).toBe('张小明');
    expect(user.childList).toEqual([child]);
    expect(user.currentChild).toEqual(child);
    expect(user.campusUnits).toEqual([{ unitId: '1002', unitName: '东校区' }]);
    expect(user.realName).toBe('张家长');
    expect(user.unitEnName).toBe('Sunshine Experimental Primary School');
    expect(user.sex).toBe(2);
    expect(user.authenticated).toBe(true);
    for (const wireName of ['chirdenId', 'chirdenName', 'chirdenList', 'currentChirden']) {
      expect(wireName in user).toBe(false);
    }
  });

  it('normalises lenient wire types', () => {
    const user = parseCurrentUser({
      userId: 42,
      unitType: 1,
      sex: '1',
      superman: 'true',
      unitStatus: 'x',
      chirdenList: [{ id: 7, status: '1' }, { realName: 'no id' }, 'junk'],
      currentChirden: null,
    });
    expect(user).toMatchObject({
      userId: '42',
      unitType: '1',
      sex: 1,
      superman: true,
      unitStatus: 0,
    });
    expect(user?.childList).toEqual([
      { id: '7', realName: '', gradeName: '', className: '', status: 1, parentId: '' },
    ]);
    expect(user?.currentChild).toBeNull();
    expect(user?.campusUnits).toEqual([]);
    expect(user?.realName).toBe('');
  });

  it('reads the must-change-password flag, absent on other back ends', () => {
    expect(toCurrentUser(wireUser).mustChangePassword).toBe(false);
    expect(toCurrentUser({ ...wireUser, mustChangePassword: true }).mustChangePassword).toBe(true);
    expect(parseCurrentUser({ userId: 'u1', mustChangePassword: 'true' })?.mustChangePassword).toBe(
      true,
    );
  });

  it('is a user only with a userId', () => {
    expect(parseCurrentUser(null)).toBeNull();
    expect(parseCurrentUser('user')).toBeNull();
    expect(parseCurrentUser([wireUser])).toBeNull();
    expect(parseCurrentUser({ realName: 'x' })).toBeNull();
    expect(parseCurrentUser({ userId: '' })).toBeNull();
    expect(parseCurrentUser(wireUser)?.userId).toBe('p1');
  });
});

describe('parseCampusUnits', () => {
  it.each([
    ['bad JSON', '{not json', []],
    ['a non-list', '{"a":1}', []],
    ['empty', '', []],
    ['null', null, []],
    ['objects kept, others dropped', '[{"a":1},2,"x",null]', [{ a: 1 }]],
    ['an already parsed list', [{ a: 1 }], [{ a: 1 }]],
  ])('%s', (_name, value, expected) => {
    expect(parseCampusUnits(value)).toEqual(expected);
  });
});

describe('user images (spec §3)', () => {
  it('uses the boy, girl or default image by sex', () => {
    expect(defaultUserImage(1)).toBe(AVATAR_BOY);
    expect(defaultUserImage(2)).toBe(AVATAR_GIRL);
    expect(defaultUserImage(0)).toBe(AVATAR_DEFAULT);
    expect(defaultUserImage(3)).toBe(AVATAR_DEFAULT);
  });

  it("prefers the user's own image", () => {
    expect(userImage({ avatar: '/a.png', userImgPath: '/b.png', sex: 1 })).toBe('/a.png');
    expect(userImage({ avatar: '', userImgPath: '/b.png', sex: 1 })).toBe('/b.png');
    expect(userImage({ avatar: '', userImgPath: '', sex: 1 })).toBe(AVATAR_BOY);
  });
});

describe('serialiseStoredUser', () => {
  it('never stores the access token or the credentials', () => {
    const text = serialiseStoredUser(toCurrentUser(wireUser));
    expect(text).not.toContain('secret');
    const stored = JSON.parse(text) as Record<string, unknown>;
    expect(stored.accessToken).toBeUndefined();
    expect(stored.credentials).toBeUndefined();
    expect(stored.userId).toBe('p1');
  });

  it("keeps the wire's spelling: other applications on the origin read the record", () => {
    const stored = JSON.parse(serialiseStoredUser(toCurrentUser(wireUser))) as Record<
      string,
      unknown
    >;
    // The wire user, field for field, less its secrets; campusUnits as the state holds it.
    const expected: Record<string, unknown> = {
      ...wireUser,
      campusUnits: [{ unitId: '1002', unitName: '东校区' }],
    };
    delete expected.accessToken;
    delete expected.credentials;
    expect(stored).toEqual(expected);
    for (const renamed of ['childId', 'childName', 'childList', 'currentChild']) {
      expect(stored).not.toHaveProperty(renamed);
    }
  });
});
