/**
 * `@cellforge/contracts/constants`: the contracts' plain values (filter keys, page and
 * role names, limits) without zod. The schemas build on these; code that needs only
 * the values (the web's home page and chat) imports them from here, so no bundler
 * setting is needed to keep zod out. Nothing in this folder may import zod or a
 * schema module (constants.test.ts checks it).
 */
export * from './chat';
export * from './robots';
export * from './roles';
export * from './pages';
export * from './makers';
export * from './bulk-fields';
export * from './display';
export * from './beta-signup';
