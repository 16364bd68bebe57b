/**
 * The API routes whose body is a file (multipart/form-data) rather than JSON. The API-wide 1 MB
 * body limit and JSON-only rule (src/server/app.ts, mutationGuard) leave them to their own limit.
 */
export const FILE_ROUTES: readonly string[] = ['/api/v1/seller/uploads', '/api/v1/seller/products/import'];

export const takesFile = (path: string) => FILE_ROUTES.includes(path);

/**
 * The newsletter's one-click unsubscribe (RFC 8058): a mailbox provider POSTs the form body
 * `List-Unsubscribe=One-Click` from its own servers, without an Origin. The token in the path is
 * the only authority (no cookie is read), so a cross-site form can do nothing there it could not do
 * by following the link; the body is not read.
 */
export const takesOneClickForm = (path: string) => /^\/api\/v1\/newsletter\/unsubscribe\/[\w-]+$/.test(path);

/**
 * The card gateway's return and callback (docs/decisions/029): the gateway's page posts its form
 * back to the shop from the gateway's own origin, and its server calls with a form or JSON. Nothing
 * in them is believed until the gateway itself confirms it, so they take any origin and a form.
 */
export const takesGatewayPost = (path: string) => /^\/api\/v1\/payments\/(return|callback)$/.test(path);
