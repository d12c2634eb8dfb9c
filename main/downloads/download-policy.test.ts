import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decideDownload,
  expandEnvironment,
  isDangerousFileName,
  policyDirectory,
  sanitizeFileName,
  uniquePath,
} from './download-policy';

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['成绩单 2026.xlsx', '成绩单 2026.xlsx'],
    ['../../AppData/Roaming/evil.txt', '_.._AppData_Roaming_evil.txt'],
    ['..\\..\\Startup\\run.txt', '_.._Startup_run.txt'],
    ['C:\\Windows\\win.ini', 'C__Windows_win.ini'],
    ['a<b>c:d"e|f?g*h.txt', 'a_b_c_d_e_f_g_h.txt'],
    ['setup.exe.', 'setup.exe'],
    ['setup.exe . . ', 'setup.exe'],
    ['.hidden', 'hidden'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['com1.log', '_com1.log'],
    ['LPT9', '_LPT9'],
    ['console.txt', 'console.txt'],
    ['tab\there\u0000.txt', 'tabhere.txt'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['', 'download'],
    ['...', 'download'],
    ['\u0001\u0002', 'download'],
  ])('%j → %j', (name, safe) => {
    expect(sanitizeFileName(name)).toBe(safe);
  });

  it('shortens long names and keeps the extension', () => {
    const safe = sanitizeFileName(`${'长'.repeat(300)}.docx`);
    expect(safe).toHaveLength(200);
    expect(safe.endsWith('.docx')).toBe(true);
  });
});

describe('isDangerousFileName', () => {
  it.each([
    'setup.exe',
    'SETUP.EXE',
    'install.msi',
    'run.bat',
    'run.cmd',
    'x.com',
    'x.scr',
    'x.ps1',
    'x.vbs',
    'x.js',
    'x.jse',
    'x.wsf',
    'x.hta',
    'x.lnk',
    'x.reg',
    'x.dll',
    'x.cpl',
    'x.jar',
    'setup.exe.',
    'setup.exe  ',
    'invoice\u202efdp.exe',
  ])(
    // prettier-ignore
    'refuses %j',
    (name) => {
      expect(isDangerousFileName(name)).toBe(true);
    },
  );

  it.each(['report.pdf', 'photo.jpg', 'notes.txt', 'archive.zip', 'exe', 'slides.pptx'])(
    'lets %j through',
    (name) => {
      expect(isDangerousFileName(name)).toBe(false);
    },
  );
});

describe('decideDownload', () => {
  const none = () => false;

  it('asks in the folder the user last chose, else the Downloads folder', () => {
    const base = {
      suggestedName: 'notes.pdf',
      policy: { blockDangerous: true },
      defaultFolder: '/home/t/Downloads',
      exists: none,
    };
    expect(decideDownload(base)).toEqual({
      action: 'ask',
      fileName: 'notes.pdf',
      defaultPath: path.join('/home/t/Downloads', 'notes.pdf'),
    });
    expect(decideDownload({ ...base, rememberedFolder: '/home/t/Class' })).toEqual({
      action: 'ask',
      fileName: 'notes.pdf',
      defaultPath: path.join('/home/t/Class', 'notes.pdf'),
    });
  });

  it('saves into the policy folder without asking, under a free name', () => {
    const taken = new Set([
      path.join('/srv/dl', 'notes.pdf'),
      path.join('/srv/dl', 'notes (1).pdf'),
    ]);
    expect(
      decideDownload({
        suggestedName: 'notes.pdf',
        policy: { blockDangerous: true, directory: '/srv/dl' },
        rememberedFolder: '/home/t/Class',
        defaultFolder: '/home/t/Downloads',
        exists: (file) => taken.has(file),
      }),
    ).toEqual({
      action: 'save-to',
      fileName: 'notes.pdf',
      savePath: path.join('/srv/dl', 'notes (2).pdf'),
    });
  });

  it('refuses a dangerous type unless the policy allows them', () => {
    const input = {
      suggestedName: '..\\setup.exe.',
      policy: { blockDangerous: true },
      defaultFolder: '/home/t/Downloads',
      exists: none,
    };
    expect(decideDownload(input)).toEqual({ action: 'refuse', fileName: '_setup.exe' });
    expect(decideDownload({ ...input, policy: { blockDangerous: false } })).toEqual({
      action: 'ask',
      fileName: '_setup.exe',
      defaultPath: path.join('/home/t/Downloads', '_setup.exe'),
    });
  });
});

describe('uniquePath', () => {
  it('keeps a free name and numbers a taken one', () => {
    expect(uniquePath('/d', 'a.txt', () => false)).toBe(path.join('/d', 'a.txt'));
    expect(uniquePath('/d', 'README', (file) => file === path.join('/d', 'README'))).toBe(
      path.join('/d', 'README (1)'),
    );
  });
});

describe('policyDirectory', () => {
  const env = { USERPROFILE: 'C:\\Users\\teacher' };
  const isAbsolute = (folder: string) => path.win32.isAbsolute(folder);

  it('expands %VARIABLES% and keeps an absolute folder', () => {
    expect(expandEnvironment('%userprofile%\\Downloads', env)).toBe(
      'C:\\Users\\teacher\\Downloads',
    );
    expect(policyDirectory('%USERPROFILE%\\Downloads\\EduDesk', env, isAbsolute)).toEqual({
      directory: 'C:\\Users\\teacher\\Downloads\\EduDesk',
    });
    expect(policyDirectory('\\\\server\\share\\edudesk', env, isAbsolute)).toEqual({
      directory: '\\\\server\\share\\edudesk',
    });
    expect(policyDirectory(undefined, env, isAbsolute)).toEqual({});
  });

  it('refuses a relative folder or an unknown variable', () => {
    expect(policyDirectory('Downloads', env, isAbsolute).error).toMatch(/not an absolute folder/);
    expect(policyDirectory('%NOPE%\\x', env, isAbsolute).error).toMatch(/not an absolute folder/);
  });
});
