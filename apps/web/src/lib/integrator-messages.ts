import { INTEGRATOR_SETTINGS_SAVED_MESSAGE, VIDEO_UPLOAD_MESSAGE } from '@cellforge/contracts';

/**
 * Every text of the integrator portal that docs/product.md spells out (§3.11, §3.13 and §8.4),
 * word for word, in one place; the bulk-upload wizard's are in features/bulk-upload.
 */
export const MESSAGES = {
  noEntry: 'No Entry',
  catalogConnection: 'Failed to load catalog data. Please check your connection.',
  projectsConnection: 'Failed to load projects. Please check your connection.',
  uploadFailed: 'Upload failed',
  videoName: VIDEO_UPLOAD_MESSAGE,
  stage1Failed: 'Stage 1 analysis failed',
  stage2Failed: 'Stage 2 analysis failed',
  stage2ResultsFailed: 'Failed to fetch Stage 2 results',
  settingsSaved: INTEGRATOR_SETTINGS_SAVED_MESSAGE,
  settingsFailed: 'Failed to save settings',
} as const;
