import { serveJobs } from '../base/worker-pool';
import type { PasswordJob } from './password-hasher';
import { hashPasswordSync, verifyPasswordSync } from './password';

/**
 * The password hashing threads (server/auth/password-hasher.ts): one hash or one verification a
 * job. Emitted as dist/server/password-worker.mjs by scripts/build-server.mjs.
 */
serveJobs<PasswordJob, string | boolean>((job) =>
  Promise.resolve({
    result:
      job.kind === 'hash'
        ? hashPasswordSync(job.password, job.cost)
        : verifyPasswordSync(job.password, job.stored),
  }),
);
