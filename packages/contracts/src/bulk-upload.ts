import { z } from 'zod';
import { bulkTargetFields, type BulkTargetField } from './constants/bulk-fields';
import { offerConditions, offerCurrencies } from './constants/robots';

/**
 * Bulk upload (docs/product.md §3.12, §5.3, §7.11): parse -> map -> validate -> import.
 *
 * Row numbers: every `row` and `row_index` is the 1-based number of a DATA row, counted
 * from the first row under the header row and skipping blank rows (row 1 = the first
 * robot). Title rows above the header, the header itself and blank lines are not counted.
 * `sheet_row` is the row as the spreadsheet shows it (everything counted: with a title
 * row and the header above, data row 1 is sheet row 3); messages name rows by it.
 */

export * from './constants/bulk-fields';
export const bulkTargetFieldSchema = z.enum(bulkTargetFields, {
  message: `Unknown target field: use one of ${bulkTargetFields.join(', ')}`,
});
/** A row can be imported only with these four mapped and valid; dof is optional (6 assumed, with a warning). */
export const BULK_REQUIRED_FIELDS = ['manufacturer', 'model', 'payload_kg', 'reach_mm'] as const satisfies readonly BulkTargetField[];

export const BULK_UPLOAD_ACCEPT = ['.csv', '.json', '.xlsx', '.xls'] as const;
/** docs/product.md §9: the wizard shows at most 3 error rows. */
export const BULK_MAX_ERROR_ROWS_SHOWN = 3;
/**
 * Default upload size limit of workbooks (.xlsx, .xls) and JSON (BULK_UPLOAD_MAX_BYTES): they are unzipped or
 * parsed in memory; larger files answer 413 PAYLOAD_TOO_LARGE.
 */
export const BULK_UPLOAD_DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
/**
 * Default upload size limit of a CSV (BULK_CSV_UPLOAD_MAX_BYTES): read as a stream and stored while read, so a
 * 1,000,000-row file (~95 MB, BULK_MAX_ROWS) fits; larger files answer 413 PAYLOAD_TOO_LARGE.
 */
export const BULK_CSV_UPLOAD_DEFAULT_MAX_BYTES = 200 * 1024 * 1024;
/** At most this many data rows per CSV file (read as a stream and stored chunk by chunk while it is read). */
export const BULK_MAX_ROWS = 1_000_000;
/** At most this many data rows per workbook (.xlsx, .xls) or JSON file: their rows are held until the file is read. */
export const BULK_MAX_WORKBOOK_ROWS = 250_000;
/** parse answers the first 20 data rows as preview_rows. */
export const BULK_PREVIEW_ROWS = 20;
/** validate lists at most this many valid entries and error entries; the counts cover every row. */
export const BULK_RESULTS_LIMIT = 1000;
/** A parsed upload is kept this long for validate/import/errors.csv, then answers 404. */
export const BULK_UPLOAD_TTL_HOURS = 24;

/** Plausible-range limits; outside them a row is an error. */
export const bulkLimits = {
  payloadKg: { min: 0, max: 3000, warnAbove: 1500 },
  reachMm: { min: 50, max: 10_000, warnBelow: 150 },
  dof: { min: 2, max: 8, usual: [4, 5, 6] as readonly number[], assumed: 6 },
} as const;

export const bulkRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type BulkRow = z.infer<typeof bulkRowSchema>;

/** column name -> target field (or null when the column is ignored). Each target at most once. */
export const bulkMappingsSchema = z.record(z.string(), bulkTargetFieldSchema.nullable());
export type BulkMappings = z.infer<typeof bulkMappingsSchema>;

/** Units the server understands, in a header ("Payload (lbs)") or a cell ("20 lb"). */
export const bulkUnits = ['kg', 'g', 'lb', 't', 'mm', 'cm', 'm', 'in', 'ft'] as const;
export type BulkUnit = (typeof bulkUnits)[number];

export const bulkParseResponseSchema = z.object({
  /** Pass to validate/import instead of the rows; expires after 24 h, deleted on import. */
  upload_id: z.string().optional(),
  file_name: z.string(),
  /** Data rows in the file (all of them, not only the preview). */
  row_count: z.number().int(),
  detected_columns: z.array(z.string()),
  suggested_mappings: bulkMappingsSchema,
  /** The first 20 data rows, keyed by column. */
  preview_rows: z.array(bulkRowSchema),
  /** csv | json | xlsx | xls */
  format: z.string().optional(),
  /** Units read from headers, per column ("Max Payload (lbs)" -> "lb"). */
  detected_units: z.record(z.string(), z.enum(bulkUnits)).optional(),
  /** 1-based line (CSV) or sheet row (XLSX/XLS) of the header row; > 1 when title rows were skipped. */
  header_row: z.number().int().optional(),
  sheet_name: z.string().optional(),
  /** How the file was read: skipped title rows, dropped columns, the encoding used, ... */
  warnings: z.array(z.string()).optional(),
  /** Workbooks: every sheet with its number of non-empty rows (hidden ones marked); the one read is sheet_name. */
  sheets: z.array(z.object({ name: z.string(), rows: z.number().int(), hidden: z.boolean() })).optional(),
  /**
   * The first rows of the file (or sheet) as they are, before the header was chosen, each
   * with its row number: to show where the header is and move it when the guess is wrong
   * (send header_row with the file again). At most 12 rows of 12 cells.
   */
  first_rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])) })).optional(),
  /** A saved mapping of this person for the same headers (in any order): suggested_mappings is it. */
  saved_mapping: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type BulkParseResponse = z.infer<typeof bulkParseResponseSchema>;

/** The header row can be moved to any of the first 30 rows. */
export const BULK_MAX_HEADER_ROW = 30;
/**
 * The form fields of /parse beside the file: which sheet of a workbook to read, and which
 * row holds the headers (1-based, as the spreadsheet numbers rows) when the guess was wrong.
 */
export const bulkParseOptionsSchema = z.object({
  sheet: z.string().trim().min(1).max(100).optional(),
  header_row: z.coerce.number().int().min(1).max(BULK_MAX_HEADER_ROW).optional(),
});
export type BulkParseOptions = z.infer<typeof bulkParseOptionsSchema>;
/** GET .../:uploadId/errors.csv?mappings=: the mappings the report was validated with, as a JSON object (column -> field). */
export const bulkErrorsCsvQuerySchema = z.object({ mappings: z.string().optional() });

/** The most rows the `data` form takes; larger files go through /parse and upload_id. */
export const BULK_DATA_MAX_ROWS = 50_000;

/** A cell as read from the file. */
export const bulkCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** At most this many cell edits per request (the validate grid sends the cells of the rows it changed). */
export const BULK_MAX_EDITS = 1000;
/**
 * A cell fixed in the validate grid: `row` is the 1-based data row (the entries' `row` /
 * `row_index`), `column` a column of the file, `value` the text typed (null or "": empty).
 */
export const bulkCellEditSchema = z.object({
  row: z.number().int().min(1),
  column: z.string().min(1).max(500),
  value: z.string().max(2000, { message: 'Use at most 2,000 characters in a cell' }).nullable(),
});
export type BulkCellEdit = z.infer<typeof bulkCellEditSchema>;
const bulkEditsSchema = z.array(bulkCellEditSchema).max(BULK_MAX_EDITS, { message: `Send at most ${BULK_MAX_EDITS} cell edits at once` });

/**
 * What happens to a row whose manufacturer and model are already a model of the shared
 * catalog (maker aliases and model spellings folded: "UR" "UR 10e" is Universal Robots
 * UR10e): `attach` links the row to that model (an integrator's import records the model
 * as theirs; a supplier's creates or updates their offer on it), `private_copy` keeps the
 * row as the importer's own unlisted robot, `skip` leaves it out. Nothing is duplicated
 * silently: a row is a private copy only when chosen.
 */
export const bulkMatchChoices = ['attach', 'private_copy', 'skip'] as const;
export const bulkMatchChoiceSchema = z.enum(bulkMatchChoices, { message: 'Choose attach, private_copy or skip' });
export type BulkMatchChoice = z.infer<typeof bulkMatchChoiceSchema>;
/** The choice for matched rows when none is sent. */
export const BULK_DEFAULT_MATCH_CHOICE: BulkMatchChoice = 'attach';
/** Per-row overrides of the default: data row -> choice. */
export const bulkMatchChoicesSchema = z
  .array(z.object({ row: z.number().int().min(1), choice: bulkMatchChoiceSchema }))
  .max(BULK_DATA_MAX_ROWS, { message: `Send at most ${BULK_DATA_MAX_ROWS} row choices; set match_default for the others` });

/**
 * The request of validate and import: the rows themselves (`data`, each a flat object the
 * server checks row by row) or the `upload_id` of a parsed file, with the column mappings.
 */
export const bulkValidateRequestSchema = z
  .object({
    data: z.array(z.unknown()).max(BULK_DATA_MAX_ROWS, { message: 'Send at most 50,000 rows as data; use upload_id for larger files' }).optional(),
    upload_id: z.string().trim().min(1).max(100).optional(),
    mappings: bulkMappingsSchema,
    /**
     * Cells fixed in the validate grid, applied over the rows (and over the edits stored
     * with the upload by POST .../edits) for this request only.
     */
    edits: bulkEditsSchema.optional(),
    /** Rows already in the shared catalog: what to do with them unless `match_choices` names the row (default attach). */
    match_default: bulkMatchChoiceSchema.optional(),
    match_choices: bulkMatchChoicesSchema.optional(),
  })
  .refine((v) => v.data !== undefined || v.upload_id !== undefined, { message: 'Send data (rows) or upload_id', path: ['data'] });
export type BulkValidateRequest = z.infer<typeof bulkValidateRequestSchema>;

/** A row that passed; values already converted to kg / mm. `row` is the 1-based data row. */
export const bulkValidEntrySchema = z.object({
  row: z.number().int(),
  sheet_row: z.number().int(),
  manufacturer: z.string(),
  model: z.string(),
  payload_kg: z.number().nullable(),
  reach_mm: z.number().nullable(),
  /** null when the file has no axes value (6 is assumed on import). */
  dof: z.number().int().nullable(),
  /**
   * The other mapped fields the row gives, normalised as they will be stored (IP67 -> 67,
   * "Class 5" -> 5, "Y" -> true, "inverted" -> ["ceiling"], "Germany" -> "DE"); a field
   * that is not mapped or whose cell is empty is absent.
   */
  fields: z
    .object({
      category: z.string(),
      repeatability_mm: z.number(),
      weight_kg: z.number(),
      price_min_usd: z.number().int(),
      price_max_usd: z.number().int(),
      applications: z.array(z.string()),
      industries: z.array(z.string()),
      description: z.string(),
      datasheet_source: z.string(),
      ip_rating: z.number().int(),
      cleanroom_iso_class: z.number().int(),
      food_grade: z.boolean(),
      mounting: z.array(z.string()),
      max_speed_mm_s: z.number(),
      maker_country: z.string(),
    })
    .partial()
    .optional(),
  /**
   * A supplier's row: the terms of the offer it makes, as stored (offer fields; price in
   * `currency`); a term the row does not give is absent (a new offer: USD, new; an existing
   * offer keeps its value). Absent for integrators.
   */
  offer: z
    .object({
      price_min: z.number().int(),
      price_max: z.number().int(),
      currency: z.enum(offerCurrencies),
      condition: z.enum(offerConditions),
      lead_time_weeks: z.number().int(),
      quantity: z.number().int(),
    })
    .partial()
    .optional(),
  /** Unit conversions and unusual values, e.g. "Row 5: payload 44 lb converted to 20 kg". */
  warnings: z.array(z.string()),
  /** The row's cells keyed by column, with the grid's edits applied (the validate grid shows them). */
  cells: bulkRowSchema.optional(),
  /** Each warning with the column it is about (null: the row as a whole). */
  cell_warnings: z.array(z.object({ column: z.string().nullable(), message: z.string() })).optional(),
  /** Columns of this row changed in the grid. */
  edited: z.array(z.string()).optional(),
  /** The shared catalog's model with this manufacturer and model, the values that differ, and what the import will do with the row. */
  catalog_match: z
    .object({
      robot_id: z.string(),
      manufacturer: z.string(),
      model: z.string(),
      /** Each value the row gives that the catalog model has otherwise (already converted to kg / mm). */
      differences: z.array(z.object({ field: z.string(), label: z.string(), catalog: z.union([z.string(), z.number(), z.boolean(), z.null()]), file: z.union([z.string(), z.number(), z.boolean(), z.null()]) })),
      choice: bulkMatchChoiceSchema,
    })
    .nullable()
    .optional(),
});
export type BulkValidEntry = z.infer<typeof bulkValidEntrySchema>;
/** A row that failed; `row_index` is the 1-based data row (same numbering as `row`). */
export const bulkRowErrorSchema = z.object({
  row_index: z.number().int(),
  sheet_row: z.number().int(),
  errors: z.array(z.string()),
  /** The row's cells keyed by column, with the grid's edits applied. */
  cells: bulkRowSchema.optional(),
  /** Each error with the column whose cell causes it (null: the row as a whole), so the grid marks the cell. */
  cell_errors: z.array(z.object({ column: z.string().nullable(), message: z.string() })).optional(),
  /** The warnings the row would also carry, each with its column. */
  cell_warnings: z.array(z.object({ column: z.string().nullable(), message: z.string() })).optional(),
  /** Columns of this row changed in the grid. */
  edited: z.array(z.string()).optional(),
});
/** The warnings of the whole file counted by kind: "12 rows: payload converted from lb to kg", most frequent first. */
export const bulkWarningGroupSchema = z.object({
  text: z.string(),
  kind: z.string(),
  rows: z.number().int(),
  /** The first sheet rows of the kind (at most 5). */
  first_rows: z.array(z.number().int()),
});
export type BulkWarningGroup = z.infer<typeof bulkWarningGroupSchema>;
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

export const bulkValidateResponseSchema = z.object({
  /** Rows that would be imported (with or without warnings). */
  valid_count: z.number().int(),
  /** Valid rows that carry at least one warning. */
  warning_count: z.number().int(),
  /** Rows that would be skipped. */
  error_count: z.number().int(),
  /** Every warning of the file, grouped by kind (the counts cover all rows). */
  warning_groups: z.array(bulkWarningGroupSchema),
  /** At most 1,000 entries each (BULK_RESULTS_LIMIT); the counts cover all rows. */
  results: z.object({ valid: z.array(bulkValidEntrySchema), errors: z.array(bulkRowErrorSchema) }),
  /** true when results lists fewer entries than the counts. */
  truncated: z.boolean().optional(),
  /** With upload_id: GET this for every error as CSV. */
  errors_csv_url: z.string().nullable().optional(),
  /** Valid rows whose manufacturer and model are a model of the shared catalog, and what the import will do with them (the counts cover all rows). */
  catalog_matches: z.object({ total: z.number().int(), attach: z.number().int(), private_copy: z.number().int(), skip: z.number().int() }).optional(),
});
export type BulkValidateResponse = z.infer<typeof bulkValidateResponseSchema>;

/**
 * POST .../edits: cells fixed in the validate grid. They are stored with the upload (a later
 * edit of the same cell replaces it), so validate, import and errors.csv read the fixed
 * values; the answer is the validation of the whole file with the edits.
 */
export const bulkEditRequestSchema = z.object({
  upload_id: z.string().trim().min(1).max(100),
  mappings: bulkMappingsSchema,
  edits: bulkEditsSchema.min(1, { message: 'Send at least one cell edit' }),
});
export type BulkEditRequest = z.infer<typeof bulkEditRequestSchema>;
export const bulkEditResponseSchema = bulkValidateResponseSchema.extend({
  /** The rows the request edited, each with what it is now. */
  edited_rows: z.array(
    z.object({
      row: z.number().int(),
      sheet_row: z.number().int(),
      status: z.enum(['error', 'warning', 'valid']),
      errors: z.array(z.string()),
    }),
  ),
});
export type BulkEditResponse = z.infer<typeof bulkEditResponseSchema>;

export const bulkImportRequestSchema = bulkValidateRequestSchema;
export const bulkImportResponseSchema = z.object({
  /** New robots. */
  inserted: z.number().int(),
  /** Existing robots of the importer (same manufacturer + model) whose values changed. */
  updated: z.number().int(),
  /** Existing robots matched but already equal (re-importing a file: inserted 0, updated 0). */
  unchanged: z.number().int().optional(),
  /** Rows with errors, not imported. */
  skipped: z.number().int().optional(),
  /** Names this import (the upload's id): the catalog lists its robots with ?import_id= (integrators: GET /api/integrator/catalog/robots). */
  import_id: z.string().optional(),
  /** Rows attached to a shared catalog model (integrators: the model recorded as theirs; suppliers: their offer on it created or updated). */
  attached: z.number().int().optional(),
  /** Rows matching a catalog model kept as the importer's own unlisted robot (inserted, updated or unchanged). */
  private_copies: z.number().int().optional(),
  /** Rows matching a catalog model left out by choice. */
  skipped_matches: z.number().int().optional(),
  /** Rows refused by validation; with upload_id the error report stays downloadable here for 24 hours. */
  errors_csv_url: z.string().nullable().optional(),
});
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;

/**
 * Saved mappings (issue 14, migration 0017): a person's column mappings under a name,
 * keyed by the file's header signature (the normalised headers, sorted, hashed), so the
 * next file with the same headers in any order is mapped the same way.
 */
export const BULK_SAVED_MAPPINGS_MAX = 50;
export const bulkSavedMappingSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** sha256 of the normalised, sorted header list (the same headers in another order match). */
  header_signature: z.string(),
  /** The headers it was saved with, as the file spelled them. */
  columns: z.array(z.string()),
  mappings: bulkMappingsSchema,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type BulkSavedMapping = z.infer<typeof bulkSavedMappingSchema>;
export const bulkSavedMappingListSchema = z.object({ mappings: z.array(bulkSavedMappingSchema) });
export type BulkSavedMappingList = z.infer<typeof bulkSavedMappingListSchema>;
export const bulkSaveMappingRequestSchema = z.object({
  name: z.string().trim().min(1, { message: 'Give the mapping a name' }).max(80, { message: 'Use at most 80 characters for the name' }),
  /** The file's columns (detected_columns) the mapping is for. */
  columns: z.array(z.string().max(500)).min(1, { message: 'Send the columns of the file' }).max(500),
  mappings: bulkMappingsSchema,
});
export type BulkSaveMappingRequest = z.infer<typeof bulkSaveMappingRequestSchema>;

/** GET template.csv / template.xlsx: every mappable field as a header, with one example row. */
export const bulkTemplateFormats = ['csv', 'xlsx'] as const;
