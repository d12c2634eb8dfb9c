import fs from 'node:fs';
import path from 'node:path';

/** A client update feed as `npm run dist` leaves it (server/web/client-update-routes.ts tests). */
export const LATEST_YML = `version: 1.2.0
files:
  - url: EduDesk-Setup-1.2.0.exe
    sha512: bm90IGEgcmVhbCBoYXNo
    size: 26
path: EduDesk-Setup-1.2.0.exe
sha512: bm90IGEgcmVhbCBoYXNo
releaseDate: '2026-11-20T08:00:00.000Z'
stagingPercentage: 30
`;
export const INSTALLER = 'MZ-not-a-real-installer-26';

/** A feed folder as `npm run dist` leaves it, plus files that must never be served. */
export function writeFeedFolder(base: string): string {
  const dir = path.join(base, 'updates');
  fs.mkdirSync(path.join(dir, 'old'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'latest.yml'), LATEST_YML);
  fs.writeFileSync(path.join(dir, 'EduDesk-Setup-1.2.0.exe'), INSTALLER);
  fs.writeFileSync(path.join(dir, 'EduDesk-Setup-1.2.0.exe.blockmap'), 'blockmap');
  fs.writeFileSync(path.join(dir, '.latest.yml'), 'hidden');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a feed file');
  fs.writeFileSync(path.join(dir, 'old', 'latest.yml'), 'version: 0.9.0');
  fs.writeFileSync(path.join(base, 'secret.yml'), 'secret: true');
  fs.symlinkSync(path.join(base, 'secret.yml'), path.join(dir, 'linked.yml'));
  // A web build, so paths the update route does not take get the web routes' real answers.
  fs.mkdirSync(path.join(base, 'web'));
  fs.writeFileSync(path.join(base, 'web', 'index.html'), '<!doctype html><html></html>');
  return dir;
}
