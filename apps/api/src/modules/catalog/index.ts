/**
 * The catalog module owns the robots table: every read goes through its visibility rule
 * (visibility.ts), every write of an owned robot through owned-robots.repository.ts, and
 * search through CatalogSearch. Other modules import it only through this file.
 */
export { isRobotVisibleTo, type CatalogReader } from './visibility';
export { toRobotDto, type RobotRow, type RobotDtoSource } from './robot-dto';
export {
  catalogVersion,
  catalogLimits,
  countUnknownValues,
  environmentShortfall,
  hasEnvironmentFilter,
  findCandidateRobots,
  findClosestToTask,
  findMatchCandidates,
  findRobotSeller,
  findSellersOfModel,
  findRobotSummaries,
  findRobotsByModelKeys,
  findVisibleRobotById,
  findVisibleRobotsByIds,
  listActiveModelNames,
  listPublicManufacturers,
  relevance,
  robotVisibleTo,
  robotColumns,
  tokenMatches,
  type CandidateQuery,
  type EnvironmentFilter,
  type EnvironmentQuery,
  type MatchCandidateRow,
  type RobotSummary,
} from './catalog.repository';
export {
  dailyViewsOfOwnedRobots,
  deleteRobot,
  findOwnedRobot,
  findRobotRow,
  insertOwnedRobot,
  listOwnedRobots,
  robotValues,
  SHARED_CATALOG_READ_ONLY,
  updateRobot,
  type OwnedRobotDailyViews,
} from './owned-robots.repository';
export { integratorCatalog, toIntegratorCatalogRobot, type IntegratorCatalogDetail } from './integrator-catalog';
export { integratorCatalogStats, listIntegratorCatalog, type IntegratorCatalogPage } from './integrator-catalog.repository';
export { CatalogSearch } from './catalog-search';
export { findSimilarRobots } from './similar-robots';
export { createCatalogRouter, rememberedCatalogAnswers } from './catalog.router';
export { editDistance, parseSearchTerms } from './search-terms';
export { inferCategory } from './category';
export { type ImportedFields, type ImportedRobot } from './robot-import';
export { findCatalogModelsFor, type CatalogModelMatch } from './catalog-match.repository';
export { RobotImportStage, type RecordImportRobots, type StagedImportCounts, type StagedRobot, type UpsertCounts } from './robot-import-stage';
export { countActiveOffersOf, findListingOffer, listingUsdPrices, listListingOffers, toListingDto, type ListingOffer } from './listing-offers.repository';
export {
  activateContributedModel,
  dailyViewsOfOffers,
  deleteOffer,
  findOfferDto,
  findOfferRow,
  findOfferSummaries,
  findOrAddContributedModel,
  insertOffer,
  listActiveOffersOn,
  listOffersOf,
  robotIdsOfferedBy,
  updateOffer,
  type OfferDailyViews,
  type OfferRow,
  type OfferValues,
} from './offers.repository';
export {
  deleteImage,
  findImageRow,
  findServableImage,
  insertImageLast,
  listImageRowsOf,
  listImagesOfOffers,
  reorderImages,
  toOfferImageDto,
  updateImageAlt,
  type OfferImageRow,
} from './offer-images.repository';
export { createOfferImagesRouter } from './offer-images.router';
export { FRESH_COOKIE, ReplicatedCatalogSearch, readYourWrites } from './catalog-read-replica';
export { applicationsCovered, readSearchReading, readSearchWords } from './search-words';
