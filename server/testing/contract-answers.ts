import type { FastifyInstance } from 'fastify';
import { createAnswerChecker, type AnswerProblem } from '../../contract/operation-check';
import { findOperation } from '../../contract/operations';

/** An answer of the server that is not what contract/operations.ts says. */
export interface ContractViolation {
  call: string;
  problems: AnswerProblem[];
}

const checker = createAnswerChecker('strict');

/**
 * Checks every JSON answer the app gives to a call of contract/operations.ts against the table
 * (the envelope; on success the data's exact schema) and records what differs. Test apps only
 * (server/testing/test-app.ts): closing such an app with a violation recorded fails the test.
 */
export function checkAnswersAgainstContract(app: FastifyInstance): ContractViolation[] {
  const violations: ContractViolation[] = [];
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?')[0] ?? '';
    const operation = findOperation(request.method, path);
    const type = String(reply.getHeader('content-type') ?? '');
    if (operation && typeof payload === 'string' && type.startsWith('application/json')) {
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
      const problems = checker.envelope(operation, body);
      if (problems.length > 0) {
        violations.push({ call: `${operation.id} (${request.method} ${path})`, problems });
      }
    }
    done(null, payload);
  });
  return violations;
}

/** The text of recorded violations, one line per field. */
export function describeViolations(violations: readonly ContractViolation[]): string {
  return violations
    .flatMap(({ call, problems }) =>
      problems.map((problem) => `${call}: ${problem.field} ${problem.message}`),
    )
    .join('\n');
}
