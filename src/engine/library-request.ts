/**
 * The library takes the spec's request shapes without credentials (the engine already knows the
 * client). Placeholder credentials let the very same request schemas validate them, refinements
 * included, so there is one schema per request and no credential-free copy to keep in step.
 */
export function asLibraryRequest<T extends object>(
  request: T,
): T & { client_id: string; client_secret: string } {
  return { ...request, client_id: 'library', client_secret: 'library' };
}
