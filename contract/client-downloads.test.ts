import { describe, expect, it } from 'vitest';
import { clientDownloadFiles, clientDownloadUrl } from './client-downloads';

describe('client downloads', () => {
  it('names the three Windows artefacts from the version', () => {
    expect(clientDownloadFiles('1.2.3')).toEqual({
      installer: 'EduDesk-Setup-1.2.3.exe',
      portable: 'EduDesk-Portable-1.2.3.exe',
      msi: 'EduDesk-1.2.3.msi',
    });
  });

  it('joins a base and a file name with exactly one slash', () => {
    expect(clientDownloadUrl('https://cdn.example.edu/client/', 'EduDesk-1.0.0.msi')).toBe(
      'https://cdn.example.edu/client/EduDesk-1.0.0.msi',
    );
    expect(clientDownloadUrl('/download', 'EduDesk-Setup-1.0.0.exe')).toBe(
      '/download/EduDesk-Setup-1.0.0.exe',
    );
  });
});
