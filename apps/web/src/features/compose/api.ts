import type {
  CreateEpak,
  Document,
  DocumentTemplate,
  EpakDetail,
  UserRef,
  WorkflowTemplate,
} from '@signet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';

/** Uploads one file through the PDF engine's ingest, reporting progress from 0 to 1. */
export function uploadDocument(file: File, onProgress: (fraction: number) => void): Promise<Document> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api
    .request<Document[]>('POST', '/v1/documents', { formData, onUploadProgress: onProgress })
    .then((docs) => docs[0] as Document);
}

/** Several addresses looked up at once (a pasted list). */
export function lookUpUsers(usernames: string[]): Promise<{ users: UserRef[]; notFound: string[] }> {
  return api.request('POST', '/v1/users', { body: { usernames } });
}

export function useWorkflowTemplates() {
  return useQuery({
    queryKey: ['compose', 'workflow-templates'],
    queryFn: () => api.request<WorkflowTemplate[]>('GET', '/v2/workflows'),
    staleTime: 60_000,
  });
}

export function useDocumentTemplates() {
  return useQuery({
    queryKey: ['compose', 'document-templates'],
    queryFn: () =>
      api
        .request<{ docTemplateDTOList: { docTemplateDTO: DocumentTemplate[] } }>(
          'GET',
          '/v1/documenttemplates',
        )
        .then((r) => r.docTemplateDTOList.docTemplateDTO),
    staleTime: 60_000,
  });
}

export function useCreateEpak() {
  return useMutation({
    mutationFn: (input: Partial<CreateEpak>) => api.request<EpakDetail>('POST', '/v2/epak', { body: input }),
  });
}

export function useStartEpak() {
  return useMutation({
    mutationFn: (ePakId: string) => api.request<{ status: string }>('POST', `/v2/epaks/${ePakId}/start`),
  });
}
