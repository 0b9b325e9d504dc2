import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * The bulk-upload wizard (features/bulk-upload), given by the portal: a feature does not
 * import another. The listings say which pipeline, what an import reloads and the texts.
 */
export type BulkUploadDialog = ComponentType<{
  open: boolean;
  onClose: () => void;
  basePath: '/api/integrator/bulk-upload' | '/api/supplier/bulk-upload';
  reload: (queryClient: QueryClient) => Promise<unknown>;
  title?: string;
  description?: string;
  /** The result's "Show the imported robots": the list filtered to that import (the import's id). */
  onShowImported?: (importId: string) => void;
}>;
