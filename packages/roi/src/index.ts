export * from './inputs';
export * from './finance';
export * from './calculate';
export * from './result-schema';
