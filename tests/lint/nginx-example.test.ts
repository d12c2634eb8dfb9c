import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nginxConfig } from '../../scripts/cluster.mjs';

/**
 * The nginx configuration the documentation tells operators to copy must load, and must not
 * pass a client's own X-Forwarded-For on (the nodes would then log, and anything behind them
 * read, an address the client chose). Each ```nginx block of README.md and docs/ is wrapped in a
 * minimal main context, its certificate swapped for a self-signed one, and checked by
 * `nginx -t`; so is scripts/cluster.mjs's. Without nginx (`apt-get install nginx-light`, as
 * .ci/run does) the checks are skipped and say so.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function findProgram(name: string, places: string[]): string | undefined {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  return [onPath, ...places].find((candidate) => candidate !== '' && existsSync(candidate));
}

const nginx = findProgram('nginx', ['/usr/sbin/nginx', '/usr/local/sbin/nginx']);
const openssl = findProgram('openssl', ['/usr/bin/openssl']);
const missing = [nginx ? '' : 'nginx', openssl ? '' : 'openssl'].filter(Boolean).join(' and ');

/** Every ```nginx block of the README and the docs, with the file it is in. */
function documentedBlocks(): { file: string; text: string }[] {
  const files = [
    'README.md',
    ...readdirSync(path.join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  return files.flatMap((file) =>
    [...readFileSync(path.join(root, file), 'utf8').matchAll(/^```nginx\n([\s\S]*?)^```$/gm)].map(
      (match) => ({ file, text: match[1] ?? '' }),
    ),
  );
}

describe.skipIf(missing !== '')(
  `the documented nginx configuration${missing === '' ? '' : ` (SKIPPED: ${missing} not installed)`}`,
  () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'edudesk-nginx-'));
    afterAll(() => {
      rmSync(folder, { recursive: true, force: true });
    });
    const certificate = path.join(folder, 'cert.pem');
    const key = path.join(folder, 'key.pem');

    /** `nginx -t` on a configuration file whose paths all live in `prefix`. */
    function check(config: string, prefix: string): { status: number | null; output: string } {
      mkdirSync(prefix, { recursive: true });
      const file = path.join(prefix, 'nginx.conf');
      writeFileSync(file, config);
      const result = spawnSync(
        nginx ?? 'nginx',
        ['-t', '-q', '-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', file],
        { encoding: 'utf8' },
      );
      return { status: result.status, output: `${result.stdout}${result.stderr}` };
    }

    /** A documented block (http context) in a main context of its own. */
    function wrapped(block: string, prefix: string): string {
      const inPrefix = (name: string) => path.join(prefix, name);
      const ownCertificate = block
        .replace(/^(\s*ssl_certificate)\s+\S+;/gm, `$1 ${certificate};`)
        .replace(/^(\s*ssl_certificate_key)\s+\S+;/gm, `$1 ${key};`);
      return `pid ${inPrefix('nginx.pid')};
error_log ${inPrefix('error.log')};
events {}
http {
  access_log off;
  client_body_temp_path ${inPrefix('client_body')};
  proxy_temp_path ${inPrefix('proxy')};
  fastcgi_temp_path ${inPrefix('fastcgi')};
  uwsgi_temp_path ${inPrefix('uwsgi')};
  scgi_temp_path ${inPrefix('scgi')};
${ownCertificate}
}
`;
    }

    it('has a block with HTTPS that overwrites the forwarded address, and nginx -t loads it', () => {
      const generated = spawnSync(
        openssl ?? 'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=edu.example.org',
          '-keyout',
          key,
          '-out',
          certificate,
        ],
        { encoding: 'utf8' },
      );
      expect(generated.status, generated.stderr).toBe(0);

      const blocks = documentedBlocks();
      expect(blocks.length).toBeGreaterThan(0);
      for (const [index, { file, text }] of blocks.entries()) {
        expect(text, file).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m);
        expect(text, file).not.toContain('$proxy_add_x_forwarded_for');
        expect(text, file).toMatch(/^\s*proxy_set_header Host \$host;/m);
        expect(text, file).toMatch(/^\s*proxy_set_header X-Forwarded-Proto \$scheme;/m);
        expect(text, file).toMatch(/^\s*listen 443 ssl;/m);
        expect(text, file).toMatch(/^\s*ssl_certificate\s/m);
        expect(text, file).toMatch(/^\s*ssl_certificate_key\s/m);
        const prefix = path.join(folder, `doc-${String(index)}`);
        const result = check(wrapped(text, prefix), prefix);
        expect(result.output, file).not.toMatch(/emerg|\[warn\]/);
        expect(result.status, `${file}: ${result.output}`).toBe(0);
      }
    });

    it("scripts/cluster.mjs's balancer overwrites the forwarded address, and nginx -t loads it", () => {
      const prefix = path.join(folder, 'cluster');
      for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
        mkdirSync(path.join(prefix, name), { recursive: true });
      }
      const config = nginxConfig({ listenPort: 18080, nodePorts: [18081, 18082], prefix });
      expect(config).toMatch(/^\s*proxy_set_header X-Forwarded-For \$remote_addr;/m);
      expect(config).not.toContain('$proxy_add_x_forwarded_for');
      const result = check(config, prefix);
      expect(result.status, result.output).toBe(0);
    });
  },
);
