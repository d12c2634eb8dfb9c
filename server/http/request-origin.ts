import type { FastifyRequest } from 'fastify';

/** The origin the caller reached this server on (scheme and Host), for absolute URLs back to it. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
