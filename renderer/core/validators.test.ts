// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  LOGIN_ERROR_KEYS,
  isContact,
  isEmail,
  idCardCheckChar,
  isIdCard,
  isMobile,
  isPasswordRuleA,
  isPasswordRuleB,
  validateLoginForm,
} from './validators';

describe('isIdCard', () => {
  it.each([
    ['110105199003071239', true],
    ['11010519491231002X', true], // check character X
    ['11010519491231002x', true],
    ['110105199003071234', false], // wrong check character (9 is right)
    ['11010519900307123X', false],
    ['440301200002291237', true], // 2000 is a leap year
    ['440301190002291234', false], // 1900 is not
    ['110105199002301234', false], // no 30 February
    ['110105199013071234', false], // no month 13
    ['110105199000071234', false],
    ['110105199003001234', false],
    ['11010519900307123Y', false],
    ['1101051990030712', false],
    ['010105199003071234', false],
    ['110105290003071234', false], // in the future
    ['110105900307123', true], // old 15-digit format
    ['110105901307123', false],
    ['11010590030712X', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isIdCard(value)).toBe(valid);
  });
});

describe('idCardCheckChar', () => {
  it('is the GB 11643 check character, X for 10', () => {
    expect(idCardCheckChar('11010519900307123')).toBe('9');
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44030120000229123')).toBe('7');
  });
});

describe('isEmail', () => {
  it.each([
    ['a@b.cn', true],
    ['first.last+tag@school.edu.cn', true],
    ['no-at.cn', false],
    ['a@nodot', false],
    ['a b@c.cn', false],
    ['@b.cn', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isEmail(value)).toBe(valid);
  });
});

describe('isMobile', () => {
  it.each([
    ['13800138000', true],
    ['19912345678', true],
    ['23800138000', false],
    ['1380013800', false],
    ['138001380000', false],
    ['1380013800a', false],
  ])('%s → %s', (value, valid) => {
    expect(isMobile(value)).toBe(valid);
  });
});

describe('isContact', () => {
  it.each([
    ['', true],
    ['010-12345678', true],
    ['138 0013 8000', true],
    ['0571-8888 6666', true],
    ['+86 138', false],
    ['ext. 12', false],
  ])('%j → %s', (value, valid) => {
    expect(isContact(value)).toBe(valid);
  });
});

describe('password rule A', () => {
  it.each([
    ['abc12345', true],
    ['abcdefg!', true],
    ['1234567!', true],
    ['Edu@2026', true],
    ['abcdefgh', false], // letters only
    ['12345678', false], // digits only
    ['!!!!!!!!', false], // neither digits nor letters mixed
    ['abc1234', false], // 7 characters
    ['abc123456789012345678', false], // 21 characters
    ['abc 12345', false], // a space
    ['密码abc12345', false], // Chinese characters
    ['a1b2c3d4e5f6g7h8i9j0', true], // 20 characters
  ])('%s → %s', (value, valid) => {
    expect(isPasswordRuleA(value)).toBe(valid);
  });
});

describe('password rule B', () => {
  it.each([
    ['abcdefgh', true],
    ['user_name.1@x-y', true],
    ['12345678', true],
    ['abc!defgh', false],
    ['abc defgh', false],
    ['abcdefg', false],
    ['abcdefghijklmnopqrstu', false],
    ['密码密码密码密码', false],
  ])('%s → %s', (value, valid) => {
    expect(isPasswordRuleB(value)).toBe(valid);
  });
});

describe('validateLoginForm (spec §5)', () => {
  it.each([
    [{ username: 'teacher01', password: 'Edu@2026' }, {}],
    [{ username: '', password: 'x' }, { username: 'l7' }],
    [{ username: '   ', password: 'x' }, { username: 'l7' }],
    [{ username: 'a', password: ' \t ' }, { password: 'l8' }],
    [
      { username: '', password: '' },
      { username: 'l7', password: 'l8' },
    ],
    [{ username: ' a ', password: ' b ' }, {}],
  ])('%j → %j', (form, errors) => {
    expect(validateLoginForm(form)).toEqual(errors);
  });

  it('uses the login box keys l7 and l8', () => {
    expect(LOGIN_ERROR_KEYS).toEqual({ username: 'l7', password: 'l8' });
  });
});
