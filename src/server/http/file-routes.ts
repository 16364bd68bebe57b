/**
 * The API routes whose body is a file (multipart/form-data) rather than JSON. The API-wide 1 MB
 * body limit and JSON-only rule (src/server/app.ts, mutationGuard) leave them to their own limit.
 */
export const FILE_ROUTES: readonly string[] = ['/api/v1/seller/uploads', '/api/v1/seller/products/import'];

export const takesFile = (path: string) => FILE_ROUTES.includes(path);
