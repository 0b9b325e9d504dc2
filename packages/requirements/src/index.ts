export { parseRequirements, MAX_TEXT_LENGTH, FIELD_LIMITS, type ParseOptions } from './parse';
export { describe as describeRequirements } from './describe';
export { makerCountry, builtInMakers } from './lexicon';
export { applicationsCovered, catalogCategoryOf, cleanroomIsoClassOf, ruledOutCategories, wantedCategories } from './catalog';
export { textLanguage } from './tokens';
export { EXCHANGE_RATES, budgetInUsd, describeBudget, extremeInUsd, formatMoney, roughUsd, toUsd, type PriceInUsd } from './currency';
export { findUnknownUnits, type UnknownUnit } from './unknown-units';
