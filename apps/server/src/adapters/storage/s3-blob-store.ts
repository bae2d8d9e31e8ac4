import { createHash, createHmac } from 'node:crypto';
import { type BlobStore, SHA256_HEX } from './blob-store.ts';

export interface S3Settings {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put in front of every key, to share a bucket. */
  prefix: string;
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The `Authorization` header of AWS Signature Version 4 for S3: every given header is signed
 * (names lower-case); `path` is already URI-encoded, `query` already canonical.
 */
export function signV4(r: {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): string {
  const day = r.amzDate.slice(0, 8);
  const names = Object.keys(r.headers).sort();
  const canonical = [
    r.method,
    r.path,
    r.query,
    names.map((h) => `${h}:${(r.headers[h] ?? '').trim()}\n`).join(''),
    names.join(';'),
    r.payloadHash,
  ].join('\n');
  const scope = `${day}/${r.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', r.amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${r.secretAccessKey}`, day), r.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${r.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`;
}

const unescapeXml = (s: string) =>
  s.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '',
  );

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), signed with AWS Signature V4 over
 * plain `fetch`. A PUT answered 200 is durable on the service's side, which is what `put`
 * promises; objects are named by their SHA-256, so writing one twice changes nothing.
 */
export function createS3BlobStore(s: S3Settings): BlobStore {
  const base = new URL(s.endpoint);
  const keyOf = (hash: string) => {
    if (!SHA256_HEX.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return `${s.prefix}${hash}`;
  };

  async function request(
    method: 'GET' | 'PUT' | 'HEAD' | 'DELETE',
    key: string | null,
    query: Record<string, string> = {},
    body?: Uint8Array,
  ): Promise<Response> {
    const path = `${base.pathname.replace(/\/$/, '')}/${encode(s.bucket)}${key === null ? '' : `/${key.split('/').map(encode).join('/')}`}`;
    const canonicalQuery = Object.keys(query)
      .sort()
      .map((k) => `${encode(k)}=${encode(query[k] ?? '')}`)
      .join('&');
    const now = new Date();
    const amzDate = now.toISOString().replace(/[-:]|\.\d{3}/g, '');
    const payloadHash = sha256Hex(body ?? new Uint8Array());
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
    };
    const authorization = signV4({
      method,
      path,
      query: canonicalQuery,
      headers,
      payloadHash,
      amzDate,
      region: s.region,
      accessKeyId: s.accessKeyId,
      secretAccessKey: s.secretAccessKey,
    });
    const { host: _host, ...sent } = headers;
    return fetch(`${base.protocol}//${base.host}${path}${canonicalQuery ? `?${canonicalQuery}` : ''}`, {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body } : {}),
    });
  }

  async function fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new Error(
      `S3 ${what} failed: ${res.status} ${text.match(/<Code>([^<]+)<\/Code>/)?.[1] ?? text.slice(0, 200)}`,
    );
  }

  return {
    async put(bytes) {
      const hash = sha256Hex(bytes);
      const res = await request('PUT', keyOf(hash), {}, bytes);
      if (!res.ok) await fail(res, `PUT ${hash}`);
      await res.arrayBuffer();
      return { hash, size: bytes.length };
    },
    async get(hash) {
      const res = await request('GET', keyOf(hash));
      if (!res.ok) await fail(res, `GET ${hash}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      // The name is the content's hash: a damaged or substituted object is refused, not served.
      if (sha256Hex(bytes) !== hash) throw new Error(`S3 object ${hash} does not match its hash`);
      return bytes;
    },
    async has(hash) {
      const res = await request('HEAD', keyOf(hash));
      if (res.status === 404) return false;
      if (!res.ok) await fail(res, `HEAD ${hash}`);
      return true;
    },
    async delete(hash) {
      const res = await request('DELETE', keyOf(hash));
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${hash}`);
      await res.arrayBuffer();
    },
    async *list() {
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', prefix: s.prefix };
        if (token) query['continuation-token'] = token;
        const res = await request('GET', null, query);
        if (!res.ok) await fail(res, 'LIST');
        const xml = await res.text();
        for (const item of xml.match(/<Contents>[\s\S]*?<\/Contents>/g) ?? []) {
          const name = (item.match(/<Key>([^<]+)<\/Key>/)?.[1] ?? '').slice(s.prefix.length);
          const modified = item.match(/<LastModified>([^<]+)<\/LastModified>/)?.[1];
          if (SHA256_HEX.test(name) && modified) yield { hash: name, storedAt: new Date(modified) };
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? unescapeXml(xml.match(/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/)?.[1] ?? '')
          : undefined;
      } while (token);
    },
  };
}
