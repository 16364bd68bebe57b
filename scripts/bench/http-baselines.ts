/**
 * The baselines of `npm run bench:http` (a child process, the same Node as the shop): what this
 * machine can serve at all. `GET /json` on PORT+1 is a bare Hono route answering a small JSON object; every
 * path in BENCH_PATHS is answered on PORT by a bare `node:http` server with the exact bytes the shop sends
 * for it (fetched once from the shop at SHOP_URL, plain and brotli), from memory.
 * Usage: http-baselines.ts SHOP_URL PORT; says 'ready' over IPC when listening.
 */
import { createServer, get } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [shop, portText] = process.argv.slice(2);
const port = Number(portText);
const paths = JSON.parse(process.env.BENCH_PATHS ?? '[]') as string[];

type Body = { bytes: Buffer; headers: Record<string, string> };

/** The bytes exactly as the shop sends them (fetch would decode a compressed body). */
function raw(p: string, encoding?: string): Promise<Body> {
  return new Promise((resolve, reject) => {
    get(`${shop}${p}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {
          'content-type': String(res.headers['content-type'] ?? 'application/octet-stream'),
        };
        if (res.headers['content-encoding']) headers['content-encoding'] = String(res.headers['content-encoding']);
        resolve({ bytes: Buffer.concat(chunks), headers });
      });
    }).on('error', reject);
  });
}

const files = new Map<string, { plain: Body; br?: Body }>();
for (const p of paths) {
  const br = await raw(p, 'br');
  files.set(p, { plain: await raw(p), br: br.headers['content-encoding'] === 'br' ? br : undefined });
}

const hono = new Hono();
hono.get('/json', (c) => c.json({ ok: true, shop: 'Yaad Market', time: 1 }));
const honoServer = serve({ fetch: hono.fetch, port: port + 1, hostname: '127.0.0.1' });

const bare = createServer((req, res) => {
  const file = files.get(req.url ?? '');
  if (!file) return void res.writeHead(404).end();
  const body = file.br && /\bbr\b/.test(req.headers['accept-encoding'] ?? '') ? file.br : file.plain;
  res.writeHead(200, { ...body.headers, 'content-length': body.bytes.length }).end(body.bytes);
});
bare.listen(port, '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  bare.close();
  honoServer.close();
  process.exit(0);
});
