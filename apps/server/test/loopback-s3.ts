import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The part of the S3 REST protocol the storage uses (PUT, GET, HEAD, DELETE object, ListObjectsV2, path-style), on
 * loopback, with objects in memory. It refuses requests not signed with AWS Signature V4 by the
 * expected access key, and PUTs whose body does not match their Content-Length.
 */
export interface LoopbackS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, Buffer>;
  /** Requests seen, as 'METHOD key'. */
  log: string[];
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startLoopbackS3(bucket = 'viabiliza-test'): Promise<LoopbackS3> {
  const accessKeyId = 'AKIALOOPBACKTEST';
  const objects = new Map<string, Buffer>();
  const log: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    log.push(`${req.method} ${key}`);
    const send = (status: number, text = '', headers: Record<string, string | number> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(text);
    };
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) return send(403, xmlError('AccessDenied', 'Access Denied'));
    if (bucketName !== bucket) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const contents = [...objects.entries()]
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => `<Contents><Key>${xmlText(k)}</Key><LastModified>${new Date(0).toISOString()}</LastModified><Size>${v.length}</Size></Contents>`)
        .join('');
      return send(200, `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${xmlText(prefix)}</Prefix><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
    }
    if (req.method === 'PUT') {
      const data = await body(req);
      if (Number(req.headers['content-length']) !== data.length) return send(400, xmlError('IncompleteBody', 'length mismatch'));
      objects.set(key, data);
      return send(200, '', { etag: '"loopback"' });
    }
    const object = objects.get(key);
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    if (!object) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
    res.end(req.method === 'HEAD' ? undefined : object);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey: 'loopback-secret',
    objects,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
