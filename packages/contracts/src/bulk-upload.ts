import { z } from 'zod';

/** Spec section 3: target fields of the bulk-upload mapping. */
export const bulkTargetFields = ['manufacturer', 'model', 'payload_kg', 'reach_mm', 'dof'] as const;
export const bulkTargetFieldSchema = z.enum(bulkTargetFields);
export type BulkTargetField = z.infer<typeof bulkTargetFieldSchema>;

export const BULK_UPLOAD_ACCEPT = ['.csv', '.json', '.xlsx', '.xls'] as const;
/** Spec section 9: the wizard shows at most 3 error rows. */
export const BULK_MAX_ERROR_ROWS_SHOWN = 3;

export const bulkRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type BulkRow = z.infer<typeof bulkRowSchema>;

/** column name -> target field (or null when the column is ignored). */
export const bulkMappingsSchema = z.record(z.string(), bulkTargetFieldSchema.nullable());
export type BulkMappings = z.infer<typeof bulkMappingsSchema>;

export const bulkParseResponseSchema = z.object({
  upload_id: z.string().optional(),
  file_name: z.string(),
  row_count: z.number().int(),
  detected_columns: z.array(z.string()),
  suggested_mappings: bulkMappingsSchema,
  preview_rows: z.array(bulkRowSchema),
});
export type BulkParseResponse = z.infer<typeof bulkParseResponseSchema>;

export const bulkValidateRequestSchema = z
  .object({
    data: z.array(bulkRowSchema).optional(),
    upload_id: z.string().optional(),
    mappings: bulkMappingsSchema,
  })
  .refine((v) => v.data !== undefined || v.upload_id !== undefined, { message: 'Send data or upload_id' });

export const bulkValidEntrySchema = z.object({
  row: z.number().int(),
  manufacturer: z.string(),
  model: z.string(),
  payload_kg: z.number().nullable(),
  reach_mm: z.number().nullable(),
  dof: z.number().int().nullable(),
  warnings: z.array(z.string()),
});
export const bulkRowErrorSchema = z.object({ row_index: z.number().int(), errors: z.array(z.string()) });

export const bulkValidateResponseSchema = z.object({
  valid_count: z.number().int(),
  warning_count: z.number().int(),
  error_count: z.number().int(),
  results: z.object({ valid: z.array(bulkValidEntrySchema), errors: z.array(bulkRowErrorSchema) }),
});
export type BulkValidateResponse = z.infer<typeof bulkValidateResponseSchema>;

export const bulkImportRequestSchema = bulkValidateRequestSchema;
export const bulkImportResponseSchema = z.object({ inserted: z.number().int(), updated: z.number().int() });
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;
