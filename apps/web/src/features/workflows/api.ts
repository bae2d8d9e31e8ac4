import type {
  CreateEpak,
  DocumentTemplate,
  EditDocumentTemplate,
  EpakDetail,
  WorkflowTemplate,
  WorkflowTemplateInput,
} from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';
import { saveBlob } from '../admin/users-api.ts';

/**
 * Workflow and document templates (`/v2/workflows`, `/v1/documenttemplates`). The lists share
 * their query keys with compose, whose template pickers then show what was just saved.
 */
const keys = {
  workflows: ['compose', 'workflow-templates'] as const,
  documents: ['compose', 'document-templates'] as const,
};

export function useWorkflows() {
  return useQuery({
    queryKey: keys.workflows,
    queryFn: () => api.request<WorkflowTemplate[]>('GET', '/v2/workflows'),
  });
}

/** Type Owner: the user's own; Shared: everyone's shared ones; All: both. */
export function useDocumentTemplates(type: 'All' | 'Owner' | 'Shared') {
  return useQuery({
    queryKey: [...keys.documents, type],
    queryFn: () =>
      api
        .request<{ docTemplateDTOList: { docTemplateDTO: DocumentTemplate[] } }>(
          'GET',
          '/v1/documenttemplates',
          {
            query: { type },
          },
        )
        .then((r) => r.docTemplateDTOList.docTemplateDTO),
  });
}

export function useDocumentTemplate(id: string) {
  return useQuery({
    queryKey: [...keys.documents, 'one', id],
    queryFn: () => api.request<DocumentTemplate>('GET', `/v1/documenttemplates/${id}`),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

function useTemplateMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['compose'] });
    },
  });
}

export function useSaveWorkflow() {
  return useTemplateMutation(({ id, input }: { id: string | null; input: WorkflowTemplateInput }) =>
    id
      ? api.request<WorkflowTemplate>('PUT', `/v2/workflows/${id}`, { body: input })
      : api.request<WorkflowTemplate>('POST', '/v2/workflows', { body: input }),
  );
}

export function useDuplicateWorkflow() {
  return useTemplateMutation((id: string) =>
    api.request<WorkflowTemplate>('POST', `/v2/workflows/${id}/duplicate`),
  );
}

export function useDeleteWorkflow() {
  return useTemplateMutation((id: string) => api.request('DELETE', `/v2/workflows/${id}`));
}

export function useUploadDocumentTemplate() {
  return useTemplateMutation(
    ({
      file,
      templateName,
      onProgress,
    }: {
      file: File;
      templateName: string;
      onProgress: (f: number) => void;
    }) => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      return api.request<DocumentTemplate>('POST', '/v1/documenttemplate/upload', {
        query: { templateName },
        formData,
        onUploadProgress: onProgress,
      });
    },
  );
}

export function useUpdateDocumentTemplate() {
  return useTemplateMutation(({ id, change }: { id: string; change: EditDocumentTemplate }) =>
    api.request<DocumentTemplate>('PUT', `/v1/documenttemplates/${id}`, { body: change }),
  );
}

export function useDeleteDocumentTemplate() {
  return useTemplateMutation((id: string) =>
    api.request('DELETE', '/v1/documenttemplates', { body: { docTemplateIds: [id] } }),
  );
}

export function useImportTemplate() {
  return useTemplateMutation((file: File) => {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return api.request<{ documentTemplate: DocumentTemplate; workflow: WorkflowTemplate | null }>(
      'POST',
      '/v2/documenttemplate/import',
      { formData },
    );
  });
}

/** Downloads the template (and its workflow, or `none`) as the export zip. */
export async function exportTemplate(template: DocumentTemplate): Promise<void> {
  const workflow = template.workflowTemplateId ?? 'none';
  const blob = await fetchBinary(`/v2/documenttemplate/${template.id}/workflowtemplate/${workflow}/export`);
  saveBlob(blob, `${template.templateName}.zip`);
}

export function useComposeFromTemplate() {
  return useMutation({
    mutationFn: (input: Partial<CreateEpak>) => api.request<EpakDetail>('POST', '/v2/epak', { body: input }),
  });
}
