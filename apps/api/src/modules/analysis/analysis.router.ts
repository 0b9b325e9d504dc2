import { mkdirSync } from 'node:fs';
import { Router, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import {
  VIDEO_UPLOAD_MESSAGE,
  analysisListQuerySchema,
  confirmBodySchema,
  keyFrameQuerySchema,
  stage1BodySchema,
  stageWaitQuerySchema,
  type AnalysisJob,
  type ConfirmAnswer,
  type StageAcceptedResponse,
  type UploadVideoResponse,
  type uploadVideoFieldsSchema,
} from '@cellforge/contracts';
import { AppError } from '../../lib/errors';
import { parseUpload } from '../../lib/uploads';
import { hasControlCharacters } from '../../middleware/input-guard';
import type { TokenService } from '../../lib/tokens';
import { authenticate } from '../../middleware/authenticate';
import { signedIn } from '../../middleware/signed-in';
import { requireRole } from '../../middleware/require-role';
import { hasVideoExtension, toJobDto, type AnalysisService } from './analysis.service';
import { streamAnalysisEvents } from './analysis-events';

/** Multipart text fields arrive after the JSON input guard: control characters are refused here. */
const fieldText = (field: string) =>
  z.string().trim().refine((v) => !hasControlCharacters(v), { message: `${field} holds control characters` });
/** The documented fields (uploadVideoFieldsSchema), each checked for control characters first. */
const uploadFieldsSchema: z.ZodType<z.output<typeof uploadVideoFieldsSchema>> = z.object({
  project_id: fieldText('project_id').pipe(z.string().min(1, { message: 'project_id is required' })),
  job_id: fieldText('job_id').pipe(z.string().min(1)).optional(),
  user_id: fieldText('user_id').optional(),
});


/**
 * ?wait=N (seconds, at most 300): answer the stage's results when it ends within N seconds
 * (200, as before the queue), else 202 with the queued run. Without it: 202 at once.
 */
const waitQuerySchema = stageWaitQuerySchema;

export interface AnalysisRouterDeps {
  analysis: AnalysisService;
  tokens: TokenService;
  tmpDir: string;
  maxBytes: number;
  /** How often an events stream reads the job (ms; default 1000). */
  eventPollMs?: number;
}

/** /api/integrator/upload-video and /api/integrator/analysis/* (integrators only). */
export function createAnalysisRouter(deps: AnalysisRouterDeps): Router {
  mkdirSync(deps.tmpDir, { recursive: true });
  const upload = parseUpload(
    multer({
      dest: deps.tmpDir,
      limits: { fileSize: deps.maxBytes, files: 1, fields: 10, fieldSize: 10_000 },
      fileFilter: (_req, file, cb) => {
        if (!hasVideoExtension(file.originalname)) cb(new AppError('UNSUPPORTED_FILE_TYPE', VIDEO_UPLOAD_MESSAGE));
        else cb(null, true);
      },
    }).single('file'),
    `The video is larger than the upload limit of ${Math.round(deps.maxBytes / 1024 / 1024)} MB.`,
  );

  const router = Router();
  router.use(authenticate(deps.tokens, { required: true }), requireRole('integrator'));

  router.post('/upload-video', upload, signedIn(async (req, res, user) => {
    if (!req.file) throw new AppError('BAD_REQUEST', 'Choose a video to upload (field "file").');
    const fields = uploadFieldsSchema.parse(req.body ?? {});
    if (fields.user_id && fields.user_id !== user.userId) {
      throw new AppError('FORBIDDEN', 'You can only upload videos for your own account.');
    }
    const answer = await deps.analysis.upload({
      userId: user.userId,
      file: req.file,
      jobId: fields.job_id,
      projectId: fields.project_id,
    });
    res.status(201).json(answer satisfies UploadVideoResponse);
  }));

  router.get('/analysis', signedIn(async (req, res, user) => {
    const { project_id } = analysisListQuerySchema.parse(req.query);
    res.json({ data: await deps.analysis.list(user.userId, project_id) } satisfies { data: AnalysisJob[] });
  }));
  // The job with its newest stage run (queue state, attempts, progress): what the Analysis tab polls.
  router.get('/analysis/:jobId', signedIn(async (req, res, user) => {
    const job = await deps.analysis.ownJob(user.userId, String(req.params.jobId));
    res.json({ data: { ...toJobDto(job), run: await deps.analysis.latestRun(user.userId, job.id) } } satisfies { data: AnalysisJob });
  }));
  // Server-sent events of the same job (analysis-events.ts): the Analysis tab follows a stage with it, polling as fallback.
  router.get('/analysis/:jobId/events', signedIn(async (req, res, user) => {
    const jobId = String(req.params.jobId);
    await streamAnalysisEvents(req, res, {
      read: async () => {
        const job = await deps.analysis.ownJob(user.userId, jobId);
        return { ...toJobDto(job), run: await deps.analysis.latestRun(user.userId, job.id) };
      },
      pollMs: deps.eventPollMs,
    });
  }));
  router.get('/analysis/:jobId/key-frame', signedIn(async (req, res, user) => {
    const { key } = keyFrameQuerySchema.parse(req.query);
    const stream = await deps.analysis.keyFrame(user.userId, String(req.params.jobId), key);
    res.type('image/jpeg');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }));
  /** 202 with the queued run, or with ?wait=N the stage's own answer when it ends in time. */
  async function answerStage(res: Response, userId: string, accepted: StageAcceptedResponse, wait: number | undefined) {
    if (!wait) {
      res.status(202).json(accepted);
      return;
    }
    const waited = await deps.analysis.waitForStage(userId, accepted, wait * 1000);
    res.status(waited.done ? 200 : 202).json(waited.answer);
  }

  router.post('/analysis/:jobId/stage1', signedIn(async (req, res, user) => {
    const { wait } = waitQuerySchema.parse(req.query);
    const body = stage1BodySchema.parse(req.body ?? {});
    await answerStage(res, user.userId, await deps.analysis.stage1(user.userId, String(req.params.jobId), body.region_of_interest ?? null), wait);
  }));
  router.post('/analysis/:jobId/confirm', signedIn(async (req, res, user) => {
    const body = confirmBodySchema.parse(req.body);
    res.json((await deps.analysis.confirm(user.userId, String(req.params.jobId), body)) satisfies ConfirmAnswer);
  }));
  router.post('/analysis/:jobId/stage2', signedIn(async (req, res, user) => {
    const { wait } = waitQuerySchema.parse(req.query);
    await answerStage(res, user.userId, await deps.analysis.stage2(user.userId, String(req.params.jobId)), wait);
  }));
  router.post('/analysis/:jobId/cancel', signedIn(async (req, res, user) => {
    res.json(await deps.analysis.cancel(user.userId, String(req.params.jobId)));
  }));
  return router;
}
