import type { Database } from '@cellforge/db';
import type { BackgroundWrites } from '../../lib/background-writes';
import { recordRobotViews } from './catalog.repository';
import { recordOfferViews, type PageView } from './offers.repository';

/** Views gathered for one write, at most; more in one window wait for the next one. */
const MAX_BATCH = 1000;
/** Views held while writes are refused (the server is stopping), at most; the rest are dropped. */
const MAX_HELD = 10_000;

/**
 * Robot page views, written beside the answers in one insert per window (issue 19: on the
 * embedded database every view was its own write transaction on the database thread).
 * The first view of a window schedules the write as a background write, so a stopping
 * server and the tests' `idle()` wait for it; a view is counted at most `windowMs` late.
 */
export class RobotViewRecorder {
  private pending: PageView[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly background: BackgroundWrites,
    private readonly windowMs = 250,
  ) {}

  /** A view of the robot's page; `viewerId` (signed in) keeps a supplier's own views off their offers. */
  record(robotId: string, viewerId: string | null, onError: (err: unknown) => void): void {
    if (this.pending.length >= MAX_HELD) return;
    this.pending.push({ robotId, viewerId });
    this.schedule(onError);
  }

  private schedule(onError: (err: unknown) => void): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.background.run(async () => {
      try {
        await new Promise((resolve) => setTimeout(resolve, this.windowMs));
      } finally {
        this.scheduled = false;
      }
      const batch = this.pending.splice(0, MAX_BATCH);
      // Views left over (more than a batch in one window) go in the next window.
      if (this.pending.length) this.schedule(onError);
      await recordRobotViews(this.db, batch.map((v) => v.robotId));
      // The offers shown with each view (docs/decisions.md, "Views of an offer").
      await recordOfferViews(this.db, batch);
    }, onError);
  }
}
