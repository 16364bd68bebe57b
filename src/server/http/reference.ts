/** A readable API reference rendered on the server from the OpenAPI document: no CDN, no script. */
type Doc = { info: { title: string; description?: string }; paths?: Record<string, Record<string, Operation>> };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch] as string);

export function renderReference(document: unknown): string {
  const doc = document as Doc;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''})${p.description ? ` — ${esc(p.description)}` : ''}</li>`,
        )
        .join('');
      const body = op.requestBody?.content?.['application/json']?.schema;
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><strong>${esc(code)}</strong> ${esc(r.description ?? '')}</li>`)
        .join('');
      const html = `<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary ?? '')}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<h4>Body</h4><pre>${esc(JSON.stringify(body, null, 2))}</pre>` : ''}
<h4>Responses</h4><ul>${responses}</ul></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag.entries()].map(([tag, ops]) => `<h2>${esc(tag)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} reference</title><style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
section{border:1px solid #d4d4d4;border-radius:8px;padding:0 1rem;margin:1rem 0}
pre{background:#f5f5f5;padding:.75rem;overflow:auto;font-size:13px}.m{font-size:13px;padding:2px 6px;border-radius:4px;background:#e5e5e5}
.get{background:#dcfce7}.post{background:#dbeafe}.put{background:#fef3c7}.delete{background:#fee2e2}
</style></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a></p>${sections}</body></html>`;
}
