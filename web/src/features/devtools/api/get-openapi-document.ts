import useSWR from 'swr';
import type { OpenApiDocument } from '@/features/devtools/utils/openapi';
import { api } from '@/lib/api-client';

/** The server's own description of every call, generated from its handlers. */
export const openApiDocumentPath = '/openapi.json';

/** The document is not an envelope: the client hands it over as it came. */
export function getOpenApiDocument(): Promise<OpenApiDocument> {
  return api.get<OpenApiDocument>(openApiDocumentPath);
}

export function useOpenApiDocument() {
  return useSWR<OpenApiDocument>(openApiDocumentPath, getOpenApiDocument);
}
