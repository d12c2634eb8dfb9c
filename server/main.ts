import { buildApp } from './app';
import { loadOptionsFromEnv, type ServerOptions } from './config';
import { describeDatabaseUrl } from './db/database';
import { DatabaseUnavailableError } from './db/sql';
import { checkDataFolders, startupWarnings } from './startup-checks';

/** Starts the reference server: `npm run server` (or `npm start`, which builds first). */
async function main(options: ServerOptions): Promise<void> {
  checkDataFolders(options);
  const app = await buildApp(options);
  for (const warning of startupWarnings(options)) {
    // The request log is where an operator looks; without it, standard error.
    if (options.logger) app.log.warn(warning);
    else console.warn(`EduDesk reference server: ${warning}`);
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl+C means "now".
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  process.stdout.write(
    `EduDesk reference server listening on http://localhost:${String(port)} (data: ${
      options.databaseUrl === undefined
        ? options.dataDir
        : `PostgreSQL ${describeDatabaseUrl(options.databaseUrl)}`
    })\n`,
  );
}

function describe(error: unknown, options: ServerOptions): string {
  if (error instanceof DatabaseUnavailableError && options.databaseUrl !== undefined) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `the database at ${describeDatabaseUrl(options.databaseUrl)} cannot be reached${cause}.`;
  }
  if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return `${error.message}: another program uses this port; set PORT to choose another.`;
  }
  return error instanceof Error ? error.message : String(error);
}

let options: ServerOptions;
try {
  options = loadOptionsFromEnv(process.env);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`EduDesk reference server failed to start: ${message}`);
  process.exit(1);
}
main(options).catch((error: unknown) => {
  console.error(`EduDesk reference server failed to start: ${describe(error, options)}`);
  process.exit(1);
});
