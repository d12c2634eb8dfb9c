import path from 'node:path';

/** The folder the portable build keeps its user data in, beside the executable. */
export const PORTABLE_DATA_FOLDER = 'EduDesk Data';

/**
 * Where user data goes for the portable build: next to the .exe the user started (electron-builder's
 * portable launcher sets PORTABLE_EXECUTABLE_DIR), so the client travels on a USB stick. Null for
 * the installed builds (Electron's default %APPDATA%\EduDesk).
 */
export function portableUserDataDir(env: NodeJS.ProcessEnv): string | null {
  const dir = env.PORTABLE_EXECUTABLE_DIR;
  return dir === undefined || dir === '' ? null : path.join(dir, PORTABLE_DATA_FOLDER);
}

/** The bundled pages and icons: `resources/` inside the app (app.asar when packaged). */
export function bundledResourcesDir(appPath: string): string {
  return path.join(appPath, 'resources');
}
