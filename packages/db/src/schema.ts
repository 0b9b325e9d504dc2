import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** customer | supplier | integrator | system_integrator */
  userType: text('user_type').notNull(),
  companyName: text('company_name'),
  phone: text('phone'),
  jobTitle: text('job_title'),
  website: text('website'),
  companySize: text('company_size'),
  industry: text('industry'),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  /** Bumped to revoke every token issued before (sign-out everywhere); tokens carry the version they were issued at. */
  tokenVersion: integer('token_version').notNull().default(0),
  ...timestamps,
});

/**
 * Rate-limit counters (sign-in and registration attempts), in the database so every
 * API instance counts the same attempts. One row per limiter and client key.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * One-time password-reset tokens (owned by the auth module). Only the token's sha256 is
 * kept: the link in the mail is the one copy of the token itself. A token works once
 * (used_at), until expires_at; a reset spends every outstanding token of the user.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const integratorProfiles = pgTable('integrator_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name'),
  phone: text('phone'),
  website: text('website'),
  city: text('city'),
  industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
  ...timestamps,
});

export const robots = pgTable(
  'robots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    /** lower(manufacturer) + '|' + model with only letters and digits: the upsert key. */
    normalizedKey: text('normalized_key').notNull(),
    category: text('category').notNull(),
    payloadKg: doublePrecision('payload_kg').notNull(),
    reachMm: doublePrecision('reach_mm').notNull(),
    dof: integer('dof').notNull(),
    repeatabilityMm: doublePrecision('repeatability_mm'),
    weightKg: doublePrecision('weight_kg'),
    priceMinUsd: integer('price_min_usd'),
    priceMaxUsd: integer('price_max_usd'),
    applications: text('applications').array().notNull().default(sql`'{}'::text[]`),
    industries: text('industries').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    datasheetSource: text('datasheet_source'),
    /**
     * Environment and installation (migration 0009). Null: no value published that we hold,
     * never a guess; a hard filter never lets a null through (docs/decisions.md).
     * The IP code's two digits as one number (IP67 -> 67).
     */
    ipRating: smallint('ip_rating'),
    /** ISO 14644-1 cleanroom class (1-9, lower is cleaner). */
    cleanroomIsoClass: smallint('cleanroom_iso_class'),
    /** True when the maker sells it as food-grade (hygienic design, food-grade lubricant). */
    foodGrade: boolean('food_grade'),
    /** Orientations the maker allows: floor, ceiling, wall, angle. */
    mounting: text('mounting').array(),
    /** Maximum TCP speed, mm/s. */
    maxSpeedMmS: doublePrecision('max_speed_mm_s'),
    /** Where the environment values come from (the maker's datasheet, by name or URL). */
    environmentSource: text('environment_source'),
    /** The maker's home country (ISO 3166-1 alpha-2), from the makers list in contracts; set on every write. */
    makerCountry: text('maker_country'),
    /** active | inactive */
    status: text('status').notNull().default('active'),
    /** null: the shared catalog (read-only to integrators and suppliers). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A model a supplier proposed (not in the makers' catalog when offered, migration 0010): shown as supplier-contributed. */
    contributedBy: uuid('contributed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Shown in the public catalog: the shared catalog and supplier listings; integrator imports are private. */
    listed: boolean('listed').notNull().default(true),
    /** Lower-cased, accent-free words incl. maker aliases ("ur", "motoman"), applications and industries. */
    searchText: text('search_text').notNull().default(''),
    /** Maker + model with letters and digits only, so "irb6700" finds "IRB 6700-200/2.60". */
    compactText: text('compact_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(manufacturer, '') || ' ' || coalesce(model, '') || ' ' || coalesce(category, '') || ' ' || coalesce(description, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    unique('robots_owner_key_unique').on(t.ownerId, t.normalizedKey).nullsNotDistinct(),
    index('robots_search_vector_idx').using('gin', t.searchVector),
    index('robots_name_trgm_idx').using('gin', sql`(lower(${t.manufacturer} || ' ' || ${t.model})) gin_trgm_ops`),
    index('robots_payload_idx').on(t.payloadKg),
    index('robots_reach_idx').on(t.reachMm),
    index('robots_category_idx').on(t.category),
    index('robots_manufacturer_idx').on(t.manufacturer),
    index('robots_owner_idx').on(t.ownerId),
    index('robots_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('robots_compact_text_trgm_idx').using('gin', sql`${t.compactText} gin_trgm_ops`),
    index('robots_listed_status_idx').on(t.listed, t.status),
  ],
);

/**
 * A supplier's offer on a catalog model (migration 0010, owned by the catalog module): price or
 * price range and currency, condition, lead time, regions, warranty, quantity, notes; active
 * or paused. One offer per supplier, model and condition. `listingSnapshot` keeps the whole
 * supplier listing an offer was migrated from (null for offers made since).
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    robotId: uuid('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceMin: integer('price_min'),
    priceMax: integer('price_max'),
    currency: text('currency').notNull().default('USD'),
    /** new | used | refurbished */
    condition: text('condition').notNull().default('new'),
    leadTimeWeeks: integer('lead_time_weeks'),
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    warrantyMonths: integer('warranty_months'),
    quantity: integer('quantity'),
    notes: text('notes').notNull().default(''),
    /** active | paused */
    status: text('status').notNull().default('active'),
    listingSnapshot: jsonb('listing_snapshot').$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    unique('offers_supplier_robot_condition_unique').on(t.supplierId, t.robotId, t.condition),
    index('offers_robot_idx').on(t.robotId, t.status),
    index('offers_supplier_idx').on(t.supplierId, t.createdAt),
  ],
);

/**
 * A model's active offers as the catalog search reads them (migration 0010): count, lowest
 * and highest USD price, shortest lead time, conditions. Kept by triggers on offers.
 */
export const robotOfferSummaries = pgTable('robot_offer_summaries', {
  robotId: uuid('robot_id').primaryKey(),
  offers: integer('offers').notNull(),
  priceMinUsd: integer('price_min_usd'),
  priceMaxUsd: integer('price_max_usd'),
  leadTimeWeeksMin: integer('lead_time_weeks_min'),
  conditions: text('conditions').array().notNull(),
  /** The catalog card's picture (migration 0016): the first image of the cheapest active offer with images. */
  /** The cover's candidates, one per offer currency (migration 0029; the API picks by the one currency table); an object: one cover, before 0029. */
  coverImage: jsonb('cover_image').$type<
    | Array<{ id: string; width: number; height: number; alt: string; currency: string; price: number | null; lead_time_weeks: number | null; created_at: string }>
    | { id: string; width: number; height: number; alt: string }
  >(),
  /**
   * Per currency, the lowest and highest price of the active priced offers (migration 0026):
   * {"EUR": 24000, "USD": 42000}; null when no offer is priced. Compared through the one
   * currency table (packages/requirements) by the catalog; price_min_usd/price_max_usd above
   * are the USD offers' own band only.
   */
  priceLows: jsonb('price_lows').$type<Record<string, number>>(),
  priceHighs: jsonb('price_highs').$type<Record<string, number>>(),
});

/**
 * Every write to robots, one row per robot and statement, filled by triggers
 * (migration 0004): the catalog search reads the newest id as the catalog's version
 * and applies only the robots changed since the version it holds. Pruned after a day.
 */
export const robotChanges = pgTable(
  'robot_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    robotId: uuid('robot_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('robot_changes_changed_at_idx').on(t.changedAt)],
);

/**
 * The distinct (category, maker, applications, industries, digit-free words) combinations
 * of public robots (migrations 0008, 0011): the catalog search counts its matches per combination and derives
 * the four facets from these few rows instead of unnesting every matching robot.
 * Filled by the robot_search triggers; never pruned (an unused set counts 0).
 */
export const robotFacetSets = pgTable(
  'robot_facet_sets',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    manufacturer: text('manufacturer').notNull(),
    applications: text('applications').array().notNull(),
    industries: text('industries').array().notNull(),
    /** Public robots in this set, kept by the same triggers (the counts of a search without text or figures). */
    robots: integer('robots').notNull().default(0),
    /**
     * The words without a digit of its robots' search and compact text (maker, aliases,
     * category, applications, industries, letters-only model parts), in their order,
     * space-joined (migration 0011): a token found here matches every robot of the set.
     */
    sharedSearch: text('shared_search').notNull().default(''),
    sharedCompact: text('shared_compact').notNull().default(''),
  },
  (t) => [unique('robot_facet_sets_unique').on(t.category, t.manufacturer, t.applications, t.industries, t.sharedSearch, t.sharedCompact)],
);

/**
 * The public catalog (listed, active robots) narrowed to what the search reads
 * (migration 0008): about a quarter of the robots table's width, so a search's matches
 * sit on a quarter of the pages. Kept by statement-level triggers on robots (insert,
 * update, delete, truncate).
 */
export const robotSearch = pgTable(
  'robot_search',
  {
    id: uuid('id').primaryKey(),
    facetSet: integer('facet_set').notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    payloadKg: doublePrecision('payload_kg').notNull(),
    reachMm: doublePrecision('reach_mm').notNull(),
    dof: integer('dof').notNull(),
    priceMinUsd: integer('price_min_usd'),
    priceMaxUsd: integer('price_max_usd'),
    /** The robot's own words (those with a digit: model numbers) of its search and compact text (migration 0011). */
    rowSearch: text('row_search').notNull(),
    rowCompact: text('row_compact').notNull(),
    /** The environment filters (migration 0009), copied from robots. */
    ipRating: smallint('ip_rating'),
    cleanroomIsoClass: smallint('cleanroom_iso_class'),
    foodGrade: boolean('food_grade'),
    mounting: text('mounting').array(),
    makerCountry: text('maker_country'),
    /** The robot's repeatability, mm (migration 0023: the maxRepeatability filter). */
    repeatabilityMm: doublePrecision('repeatability_mm'),
  },
  (t) => [
    index('robot_search_row_trgm_idx').using('gin', sql`(${t.rowCompact} || ' ' || ${t.rowSearch}) gin_trgm_ops`),
    index('robot_search_row_search_trgm_idx').using('gin', sql`${t.rowSearch} gin_trgm_ops`),
    // A set's robots within figure ranges, counted and paged from the index alone (the migrations
    // add INCLUDE (reach_mm, dof, price_min_usd, price_max_usd, id, manufacturer, model: 0011, 0030),
    // which drizzle cannot say).
    index('robot_search_set_payload_idx').using('btree', t.facetSet, t.payloadKg),
    // The sorts of a search without text: a page is the first rows of one of these in which
    // the facet set is kept (facet_set and id ride along for an index-only scan); the
    // payload and reach ones also answer those ranges.
    index('robot_search_maker_order_idx').using('btree', sql`${t.manufacturer} collate "C"`, t.payloadKg, sql`${t.model} collate "C"`, t.facetSet, t.id),
    index('robot_search_payload_order_idx').using('btree', sql`${t.payloadKg} desc`, sql`${t.manufacturer} collate "C"`, sql`${t.model} collate "C"`, t.facetSet, t.id),
    index('robot_search_reach_order_idx').using('btree', sql`${t.reachMm} desc`, sql`${t.manufacturer} collate "C"`, sql`${t.model} collate "C"`, t.facetSet, t.id),
    index('robot_search_price_order_idx').using('btree', sql`${t.priceMinUsd} asc nulls last`, sql`${t.manufacturer} collate "C"`, sql`${t.model} collate "C"`, t.facetSet, t.id),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectName: text('project_name').notNull(),
    customerCompany: text('customer_company'),
    /** Draft | In Progress | Complete */
    status: text('status').notNull().default('Draft'),
    description: text('description').notNull().default(''),
    /** application, payload_kg, reach_mm, cycle_time_s, budget_usd, industry */
    requirements: jsonb('requirements').$type<Record<string, unknown>>().notNull().default({}),
    sharedWithIntegrators: boolean('shared_with_integrators').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('projects_owner_idx').on(t.ownerId), index('projects_status_idx').on(t.status)],
);

/**
 * A customer's request for a quote on one catalog model (migration 0007). It reaches every
 * supplier listing that model as a lead of kind quote_request (one conversation each);
 * when nobody lists it, it stays open and suppliers and integrators answer it from their
 * opportunities. The project's requirements are copied in when it is sent, so what the
 * seller reads is what the buyer asked for then.
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    robotId: uuid('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    /** The model's upsert key (maker|model), so sellers who list the model later still match. */
    modelKey: text('model_key').notNull(),
    /** Maker and model as the customer saw them (kept if the robot is removed). */
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    /** asap | 1_3_months | 3_6_months | 6_12_months | exploring */
    timeline: text('timeline').notNull(),
    notes: text('notes').notNull().default(''),
    /** The project's requirements when the request was sent (application, payload_kg, ...). */
    requirements: jsonb('requirements').$type<Record<string, unknown>>(),
    projectName: text('project_name'),
    /** open (nobody lists the model: offered to all sellers) | sent (to the sellers listing it) | closed */
    status: text('status').notNull().default('sent'),
    /** The status a closed request had when its customer closed it (open | sent; migration 0027); null otherwise. */
    closedFrom: text('closed_from'),
    ...timestamps,
  },
  (t) => [index('quote_requests_customer_idx').on(t.customerId, t.createdAt), index('quote_requests_status_idx').on(t.status, t.createdAt)],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** robot_inquiry (customer -> supplier) | integrator_interest (integrator -> customer) | quote_request (customer -> seller) */
    kind: text('kind').notNull(),
    robotId: uuid('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    /** new | contacted | quoted | accepted | declined | closed */
    status: text('status').notNull().default('new'),
    /** The quote request this conversation answers (kind quote_request). */
    quoteRequestId: uuid('quote_request_id').references(() => quoteRequests.id, { onDelete: 'cascade' }),
    /** When the newest message was written, and by whom: unread counts compare it with each side's last read. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastMessageBy: uuid('last_message_by'),
    fromReadAt: timestamp('from_read_at', { withTimezone: true, mode: 'date' }),
    toReadAt: timestamp('to_read_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('leads_to_user_idx').on(t.toUserId, t.lastMessageAt),
    index('leads_from_user_idx').on(t.fromUserId, t.lastMessageAt),
    index('leads_quote_request_idx').on(t.quoteRequestId),
    unique('leads_quote_request_seller_unique').on(t.quoteRequestId, t.toUserId, t.fromUserId),
  ],
);

/**
 * The messages of a conversation (a lead): plain text, or a quote (price, currency,
 * validity date, notes). The lead's first message is its `message` column.
 */
export const leadMessages = pgTable(
  'lead_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** message | quote | status */
    kind: text('kind').notNull().default('message'),
    body: text('body').notNull().default(''),
    priceUsd: integer('price_usd'),
    currency: text('currency'),
    validUntil: date('valid_until'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('lead_messages_lead_idx').on(t.leadId, t.createdAt)],
);

export const robotViews = pgTable(
  'robot_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    robotId: uuid('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('robot_views_robot_idx').on(t.robotId, t.viewedAt)],
);

export const betaSignups = pgTable('beta_signups', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  company: text('company'),
  role: text('role'),
  automationGoal: text('automation_goal'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const analysisJobs = pgTable(
  'analysis_jobs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** uploaded | stage1_running | stage1_done | confirmed | stage2_running | stage2_done | failed */
    status: text('status').notNull().default('uploaded'),
    bucketName: text('bucket_name').notNull(),
    objectKey: text('object_key').notNull(),
    fileName: text('file_name').notNull(),
    stage1Results: jsonb('stage1_results'),
    confirmedData: jsonb('confirmed_data'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    stage2Results: jsonb('stage2_results'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('analysis_jobs_user_idx').on(t.userId), index('analysis_jobs_project_idx').on(t.projectId)],
);

/**
 * A parsed bulk-upload file kept between the wizard's steps (parse -> validate -> import),
 * so validate and import take an upload_id instead of the rows. Rows are arrays aligned
 * with `columns`. Expires after 24 hours; deleted when imported.
 */
export const bulkUploads = pgTable(
  'bulk_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    /** How the file was read (format, delimiter, decimal comma, header line, sheet). */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /** The mappings of the last validation: the error report (errors.csv) uses them. */
    mappings: jsonb('mappings').$type<Record<string, string | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Migration 0020: cells fixed in the validate grid, data row -> { column: value }; validate, import and errors.csv read them. */
    edits: jsonb('edits').$type<Record<string, Record<string, string | number | boolean | null>>>().notNull().default({}),
    /** Migration 0021: set when imported with rows still in error; kept until it expires only for its error report (errors.csv). */
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('bulk_uploads_owner_idx').on(t.ownerId, t.createdAt), index('bulk_uploads_created_idx').on(t.createdAt)],
);

/**
 * The parsed rows of an upload (migration 0025; owned by the bulk-upload module), in chunks of
 * up to 1,000 rows in file order: body is the chunk's rows as JSON arrays joined by commas,
 * without the outer brackets. Written while the file is read, read back chunk by chunk.
 */
export const bulkUploadRows = pgTable(
  'bulk_upload_rows',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => bulkUploads.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ name: 'bulk_upload_rows_pk', columns: [t.uploadId, t.chunk] })],
);

/**
 * Pictures of a supplier's offer (migration 0016): at most 8, positions 0-7 unique per
 * offer. Files are in object storage under immutable keys: the original (EXIF stripped,
 * orientation applied) and WebP sizes derived on upload (thumb, display). The catalog
 * module owns the table with the offers.
 */
export const offerImages = pgTable(
  'offer_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    originalKey: text('original_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    displayKey: text('display_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    displayWidth: integer('display_width').notNull(),
    displayHeight: integer('display_height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    alt: text('alt').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('offer_images_offer_position_unique').on(t.offerId, t.position)],
);

/**
 * API keys (owned by the api-keys module): a user's keys for integrations, sent as
 * `Authorization: Bearer cfk_...`. Only the secret's sha256 is kept (the key is 32 random
 * bytes, so a fast hash is enough); `prefix` is the first characters, shown to tell keys
 * apart. A key acts as its user, limited to its scopes; revoked or expired keys are refused.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);

/** Webhooks (issue 17): a user's endpoints; `secret` holds the signing secret encrypted (modules/webhooks/secret-box.ts). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The first failed attempt since the last successful delivery; null while healthy. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/** The durable delivery queue: one row per event and endpoint; status pending | delivered | failed. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    eventId: uuid('event_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`"status" = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/**
 * Saved bulk-upload mappings (issue 14, migration 0017): owned by the bulk-upload module.
 * header_signature: sha256 of the file's normalised headers, sorted.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    headerSignature: text('header_signature').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [unique('import_mappings_user_name_unique').on(t.userId, t.name), index('import_mappings_user_signature_idx').on(t.userId, t.headerSignature)],
);

/**
 * Durable jobs (issue 18, migration 0015): work that outlives a request or a process (the
 * video analysis stages). Claimed with FOR UPDATE SKIP LOCKED, held by a lease
 * (locked_until) the worker renews; an expired lease puts the job back with a backoff.
 * Owned by apps/api/src/modules/jobs.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** What the job works on (an analysis job id); at most one queued or running job per subject. */
    subject: text('subject'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued | running | succeeded | failed | cancelled */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('jobs_queued_idx').on(t.kind, t.runAfter).where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_active_subject_idx').on(t.subject).where(sql`${t.status} IN ('queued', 'running')`),
    index('jobs_subject_idx').on(t.subject, t.createdAt),
  ],
);

/**
 * The robots each bulk import wrote or matched (migration 0020; import_id is the upload's id):
 * the import's result links to the catalog filtered to them. Owned by the bulk-upload module.
 */
export const bulkImportRobots = pgTable(
  'bulk_import_robots',
  {
    importId: uuid('import_id').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    robotId: uuid('robot_id')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'bulk_import_robots_pk', columns: [t.importId, t.robotId] }), index('bulk_import_robots_robot_idx').on(t.robotId)],
);

/**
 * Views of an offer (migration 0022; owned by the catalog module, with the offers): one row per
 * active offer shown on its model's page, per page view, unless the viewer is the offer's own
 * supplier. The supplier's offer analytics count these.
 */
export const offerViews = pgTable(
  'offer_views',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('offer_views_offer_idx').on(t.offerId, t.viewedAt)],
);
