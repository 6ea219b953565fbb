import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config/env.ts';

/**
 * The production files checked without Docker (this machine's CI has no daemon): compose.yaml
 * parses and names only variables config/env.ts validates, with the roles and the proxy the
 * README describes; the Dockerfile installs every workspace and ships every npm package the
 * bundle leaves external as a production dependency.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  command?: string[] | string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const APP_SERVICES = ['web-a', 'web-b', 'worker'];
const WORKSPACES = ['apps', 'packages'].flatMap((dir) => readdirSync(join(ROOT, dir)).map((name) => `${dir}/${name}`)).filter((w) => existsSync(join(ROOT, w, 'package.json')));

describe('compose.yaml', () => {
  it('runs PostgreSQL 15, MinIO with a one-shot bucket, two web instances, one worker and Caddy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['bucket', 'db', 'minio', 'proxy', 'web-a', 'web-b', 'worker']);
    expect(compose.services.db!.image).toBe('postgres:15');
    expect(compose.services.bucket!.image).toBe('minio/mc');
    expect(String(compose.services.bucket!.command)).toContain('mc mb --ignore-existing');
    expect(compose.services.proxy!.image).toMatch(/^caddy:/);
    expect(compose.services['web-a']!.environment).toMatchObject({ VIABILIZA_ROLE: 'web', TRUST_PROXY: 'true' });
    expect(compose.services['web-b']!.environment).toMatchObject({ VIABILIZA_ROLE: 'web', TRUST_PROXY: 'true' });
    expect(compose.services.worker!.environment).toMatchObject({ VIABILIZA_ROLE: 'worker' });
    for (const name of APP_SERVICES) {
      expect(compose.services[name]!.depends_on).toMatchObject({ db: { condition: 'service_healthy' }, bucket: { condition: 'service_completed_successfully' } });
    }
  });

  it('gives the instances only variables the server validates, with the secrets and S3 mode set', () => {
    const known = new Set(Object.keys(envSchema.shape));
    for (const name of APP_SERVICES) {
      const env = compose.services[name]!.environment!;
      expect(Object.keys(env).filter((key) => !known.has(key)), name).toEqual([]);
      for (const key of ['DATABASE_URL', 'S3_BUCKET', 'S3_ENDPOINT', 'AUTH_SECRET', 'BACKUP_ENCRYPTION_KEY', 'PUBLIC_URL']) expect(env[key], `${name} ${key}`).toBeTruthy();
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@db:5432\//);
    }
  });

  it('has Caddy balance the two web instances on their readiness endpoint', () => {
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy web-a:3000 web-b:3000/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
    expect(caddyfile).toMatch(/lb_policy/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds on Node 24 slim and runs as a non-root user with the OCR tools, a health check, port 3000 and /data', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(dockerfile).toMatch(/RUN npm ci --no-audit/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/apt-get install .*tesseract-ocr tesseract-ocr-por poppler-utils/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/DATA_DIR=\/data/);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
  });

  it('copies the manifest of every workspace before `npm ci` (a new one would be left out of the image)', () => {
    for (const workspace of WORKSPACES) expect(dockerfile, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('ships every npm package the server bundle leaves external as a production dependency', async () => {
    const server = join(ROOT, 'apps/server');
    const result = await build({
      entryPoints: [join(server, 'src/main.ts'), join(ROOT, 'packages/extract/src/worker.ts'), join(server, 'src/modules/ai/text-reader.worker.ts')],
      outdir: join(server, '.deployment-check'),
      write: false,
      metafile: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
      plugins: [
        {
          name: 'external-npm-packages',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@viabiliza/') ? undefined : { path: args.path, external: true }));
          },
        },
      ],
    });
    const packageName = (path: string) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
    const external = new Set(
      Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => packageName(i.path))),
    );
    const runtime = new Set(
      WORKSPACES.flatMap((w) => Object.keys((JSON.parse(read(`${w}/package.json`)) as { dependencies?: Record<string, string> }).dependencies ?? {})),
    );
    expect(external.size).toBeGreaterThan(10);
    expect([...external].filter((name) => !runtime.has(name))).toEqual([]);
  }, 30_000);
});
