/** The bulk-upload module as other modules see it: the routers are mounted by app.ts. */
export { robotOfImport } from './bulk-upload.repository';
