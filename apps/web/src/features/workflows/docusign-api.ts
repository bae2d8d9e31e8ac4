import type { DocuSignImportResult } from '@signet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';

/**
 * `POST /v1/docusigntemplate`: the same call previews (`dryRun=true`, nothing stored) and imports,
 * so what the preview shows is exactly what the import makes.
 */
export function useDocuSignImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ template, dryRun }: { template: unknown; dryRun: boolean }) =>
      api.request<DocuSignImportResult>('POST', '/v1/docusigntemplate', {
        body: template,
        query: { dryRun: String(dryRun) },
      }),
    onSuccess: async (result) => {
      if (!result.dryRun) await queryClient.invalidateQueries({ queryKey: ['compose'] });
    },
  });
}
