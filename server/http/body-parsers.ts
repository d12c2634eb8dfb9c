import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/**
 * Request bodies: form-encoded (what the platform client posts, spec §7) and JSON (its post-json
 * method). An empty JSON body counts as no body, so an argument-less POST such as logout works
 * whatever Content-Type the client sets; malformed JSON is still an error (answered 400).
 * Plain text is not a platform format, so it is refused (415) instead of reaching validation.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formBody);
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
