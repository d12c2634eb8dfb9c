import { buildApp } from './app';
import { loadOptionsFromEnv } from './config';

/** Starts the reference server: `npm run server` (or `npm start`, which builds first). */
async function main(): Promise<void> {
  const options = loadOptionsFromEnv(process.env);
  const app = await buildApp(options);

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
    `EduDesk reference server listening on http://localhost:${String(port)} (data: ${options.dataDir})\n`,
  );
}

function describe(error: unknown): string {
  if (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return `${error.message}: another program uses this port; set PORT to choose another.`;
  }
  return error instanceof Error ? error.message : String(error);
}

main().catch((error: unknown) => {
  console.error(`EduDesk reference server failed to start: ${describe(error)}`);
  process.exit(1);
});
