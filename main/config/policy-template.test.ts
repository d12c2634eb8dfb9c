// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { IPC_LIMITS } from '../../contract/ipc';
import { START_AT_LOGIN_VALUES } from '../settings/preferences';
import { POLICY_VALUES, RECOMMENDABLE_FIELDS } from './policy';
import { POLICY_KEY, RECOMMENDED_KEY } from './registry-reader';

/**
 * The Group Policy template (resources/policy) and the policy reader agree: the same key, the
 * same value names and types, and every text the template shows exists in every language.
 */
const POLICY_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../resources/policy',
);
const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW'];
// The MSI hook is plain JavaScript for electron-builder; loaded by URL, typed here.
const msiHook = (await import(
  pathToFileURL(path.join(POLICY_DIR, '..', 'build', 'msi-server-url.mjs')).href
)) as { POLICY_KEY: string };

function parse(file: string): Document {
  const document = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'application/xml');
  expect(document.getElementsByTagName('parsererror'), file).toHaveLength(0);
  return document;
}

const admx = parse(path.join(POLICY_DIR, 'EduDesk.admx'));
const allPolicies = [...admx.getElementsByTagName('policy')];
/** Enforced policies (the key itself) and recommended ones (defaults the user may change). */
const policies = allPolicies.filter((policy) => policy.getAttribute('key') === POLICY_KEY);
const recommended = allPolicies.filter((policy) => policy.getAttribute('key') === RECOMMENDED_KEY);

/** A policy's text element: one text (REG_SZ) or a multi-line text (REG_MULTI_SZ). */
function textElement(policy: Element): Element | undefined {
  return policy.getElementsByTagName('text')[0] ?? policy.getElementsByTagName('multiText')[0];
}

/** The registry value a policy writes: its own valueName, or its text or list element's. */
function valueName(policy: Element): string | null {
  return (
    policy.getAttribute('valueName') ??
    textElement(policy)?.getAttribute('valueName') ??
    policy.getElementsByTagName('enum')[0]?.getAttribute('valueName') ??
    null
  );
}

/** Policies written as DWORD 1 (enabled) or 0 (disabled). */
const isFlag = (name: string) => name.startsWith('Disable') || name === 'CloseToTray';

describe('Group Policy template (ADMX)', () => {
  it('writes every value under the key the client reads, and the MSI writes', () => {
    expect(POLICY_KEY).toBe('Software\\Policies\\EduDesk');
    expect(msiHook.POLICY_KEY).toBe(POLICY_KEY);
    expect(RECOMMENDED_KEY).toBe('Software\\Policies\\EduDesk\\Recommended');
    expect(policies.length + recommended.length).toBe(allPolicies.length);
  });

  it('has exactly one policy per value the client reads', () => {
    expect(policies.map(valueName).sort()).toEqual(Object.keys(POLICY_VALUES).sort());
  });

  it('recommends exactly the user’s settings, in their own category', () => {
    const recommendable = Object.entries(POLICY_VALUES)
      .filter(([, field]) => RECOMMENDABLE_FIELDS.has(field))
      .map(([name]) => name);
    expect(recommendable.sort()).toEqual(['CloseToTray', 'DisableNotifications', 'StartAtLogin']);
    expect(recommended.map(valueName).sort()).toEqual(recommendable);
    for (const policy of recommended) {
      expect(policy.getAttribute('name')).toBe(`${valueName(policy) ?? ''}_Recommended`);
      expect(policy.getElementsByTagName('parentCategory')[0]?.getAttribute('ref')).toBe(
        'EduDesk_Recommended',
      );
    }
  });

  it('lists the start-at-sign-in choices as the DWORDs the reader maps', () => {
    for (const policy of allPolicies.filter((each) => valueName(each) === 'StartAtLogin')) {
      const items = [...policy.getElementsByTagName('item')].map((item) =>
        item.getElementsByTagName('decimal')[0]?.getAttribute('value'),
      );
      expect(items).toEqual(START_AT_LOGIN_VALUES.map((_value, index) => String(index)));
    }
  });

  it('writes flags as DWORD 1 or 0 and texts within the client’s limits', () => {
    for (const policy of allPolicies) {
      const name = valueName(policy) ?? '';
      const text = textElement(policy);
      const list = policy.getElementsByTagName('enum')[0];
      if (list) {
        expect(list.getAttribute('required'), name).toBe('true');
      } else if (isFlag(name)) {
        expect(text, name).toBeUndefined();
        const enabled = policy.getElementsByTagName('enabledValue')[0];
        const disabled = policy.getElementsByTagName('disabledValue')[0];
        expect(enabled?.getElementsByTagName('decimal')[0]?.getAttribute('value')).toBe('1');
        expect(disabled?.getElementsByTagName('decimal')[0]?.getAttribute('value')).toBe('0');
      } else if (name === 'UpdateMode') {
        const values = [...policy.getElementsByTagName('string')].map((value) => value.textContent);
        expect(values).toEqual(['auto', 'notify', 'off']);
      } else {
        expect(text?.getAttribute('required'), name).toBe('true');
      }
    }
    const maxLength = (name: string) =>
      policies
        .find((policy) => valueName(policy) === name)
        ?.getElementsByTagName('text')[0]
        ?.getAttribute('maxLength');
    expect(maxLength('ClientId')).toBe(String(IPC_LIMITS.clientId));
    expect(maxLength('ServerUrl')).toBe('2048');
  });
});

describe.each(LANGUAGES)('Group Policy texts (ADML, %s)', (language) => {
  const adml = parse(path.join(POLICY_DIR, language, 'EduDesk.adml'));
  const strings = new Set(
    [...adml.getElementsByTagName('string')].map((element) => element.getAttribute('id')),
  );
  const presentations = new Map(
    [...adml.getElementsByTagName('presentation')].map((element) => [
      element.getAttribute('id'),
      element,
    ]),
  );

  it('has every string the template refers to, each non-empty', () => {
    const referenced = [
      ...readFileSync(path.join(POLICY_DIR, 'EduDesk.admx'), 'utf8').matchAll(
        /\$\(string\.(\w+)\)/g,
      ),
    ].map((match) => match[1]);
    expect(referenced.length).toBeGreaterThan(10);
    for (const id of referenced) expect(strings.has(id ?? ''), id).toBe(true);
    for (const element of adml.getElementsByTagName('string')) {
      expect(element.textContent.trim(), element.getAttribute('id') ?? '').not.toBe('');
    }
  });

  it('has a text box for every text element and a drop-down list for every list', () => {
    for (const policy of allPolicies) {
      const text = textElement(policy);
      const element = text ?? policy.getElementsByTagName('enum')[0];
      if (!element) continue;
      const control = !text
        ? 'dropdownList'
        : text.tagName === 'multiText'
          ? 'multiTextBox'
          : 'textBox';
      const presentation = presentations.get(policy.getAttribute('name'));
      expect(policy.getAttribute('presentation')).toBe(
        `$(presentation.${policy.getAttribute('name') ?? ''})`,
      );
      expect(presentation?.getElementsByTagName(control)[0]?.getAttribute('refId')).toBe(
        element.getAttribute('id'),
      );
    }
  });
});
